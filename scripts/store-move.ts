/**
 * npm run store:move -- <store slug> <database> [--persist-to <dir>]
 * npm run store:move -- <store slug> <database> --remote --url <origin> --platform-key <key> [--host <name>]
 *
 * Moves a store to another store database (decision 061) with every order, ledger, session and key: locally in the
 * databases `wrangler dev` uses (or those under --persist-to), through wrangler's platform proxy; with --remote through
 * the platform API (POST /api/platform/stores/:slug/move). While it switches, the store's writes are refused with
 * 503 store_moving; it prints how long that was. PLATFORM_KEY and STORE_API_URL stand in for --platform-key and --url.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/env";
import { UnknownDatabaseError } from "../worker/placement/store-databases";
import { MoveRefusedError, type MoveReport, moveStore } from "../worker/store-moves/move-store";
import { apiRequest } from "./api-request";

const USAGE = `Usage: npm run store:move -- <store slug> <database> [--persist-to <dir>]
       npm run store:move -- <store slug> <database> --remote --url <origin> --platform-key <key> [--host <name>]`;

function options() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        "persist-to": { type: "string" },
        remote: { type: "boolean", default: false },
        url: { type: "string", default: process.env.STORE_API_URL },
        "platform-key": { type: "string", default: process.env.PLATFORM_KEY },
        host: { type: "string" },
      },
    });
    if (positionals.length !== 2) throw new Error("Name the store's slug and the database to move it to.");
    if (values.remote && (!values.url || !values["platform-key"])) throw new Error("--remote needs --url and --platform-key.");
    return { store: positionals[0]!, database: positionals[1]!, ...values };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function moveLocally(store: string, database: string, persistTo: string | undefined): Promise<MoveReport> {
  // Same meaning as wrangler's --persist-to: wrangler keeps its state in <dir>/v3, the proxy wants that folder.
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: join(persistTo, "v3") } : true });
  try {
    return await moveStore(proxy.env, store, database);
  } finally {
    await proxy.dispose();
  }
}

async function moveRemotely(args: ReturnType<typeof options>): Promise<MoveReport> {
  const { status, body } = await apiRequest({
    url: args.url!,
    host: args.host,
    method: "POST",
    path: `/api/platform/stores/${encodeURIComponent(args.store)}/move`,
    bearer: args["platform-key"]!,
    body: { database: args.database },
  });
  if (status !== 200) throw new Error(`${args.url} answered ${status} ${body.code}: ${body.message}`);
  return body as unknown as MoveReport;
}

async function main() {
  const args = options();
  try {
    const report = args.remote ? await moveRemotely(args) : await moveLocally(args.store, args.database, args["persist-to"]);
    const rows = Object.values(report.rows).reduce((sum, n) => sum + n, 0);
    console.log(
      `Moved "${report.store}" from ${report.from} to ${report.to}: ${rows} rows in ${report.totalMs} ms; its writes were refused for ${report.refusedMs} ms.`,
    );
  } catch (error) {
    if (error instanceof MoveRefusedError || error instanceof UnknownDatabaseError) console.error(error.message);
    else console.error(`The move failed and was undone: ${(error as Error).message}`);
    process.exit(1);
  }
}

await main();
