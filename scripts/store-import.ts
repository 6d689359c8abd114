/**
 * npm run store:import -- <file.json> [more.json …] [--persist-to <dir>] [--database <binding>]
 * npm run store:import -- --remote --url <origin> (--key <store key> [--section <name>] | --platform-key <key>) [--host <name>] <file.json> …
 *
 * Creates or replaces stores. Locally: in the local D1 database (the one `wrangler dev` uses, or the one under
 * --persist-to) through wrangler's platform proxy, so the import runs against the real local engines; a new store goes
 * to --database, or the store database with the fewest stores (decision 061). With --remote:
 * through the store API of the Worker at --url (docs/store-import.md): a store key replaces its own store, whole or
 * one --section of the file; the platform key creates the store and prints its first API key. STORE_API_URL,
 * STORE_API_KEY and PLATFORM_KEY stand in for --url, --key and --platform-key.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/env";
import { importStore, StoreImportError } from "../worker/store-import/import-store";
import { devVar } from "./dev-vars";
import { type RemoteTarget, sendStoreFile } from "./store-import-remote";

const USAGE = `Usage: npm run store:import -- <file.json> [more.json …] [--persist-to <dir>] [--database <binding>]
       npm run store:import -- --remote --url <origin> (--key <store key> [--section <name>] | --platform-key <key>) [--host <name>] <file.json> …`;

function options() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        "persist-to": { type: "string" },
        database: { type: "string" },
        remote: { type: "boolean", default: false },
        url: { type: "string", default: process.env.STORE_API_URL },
        key: { type: "string", default: process.env.STORE_API_KEY },
        "platform-key": { type: "string", default: process.env.PLATFORM_KEY },
        host: { type: "string" },
        section: { type: "string" },
      },
    });
    if (positionals.length === 0) throw new Error("Name at least one store file.");
    if (values.remote && !values.url) throw new Error("--remote needs --url <origin> (or STORE_API_URL).");
    if (values.remote && !values.key && !values["platform-key"])
      throw new Error("--remote needs --key <store key> or --platform-key <key>.");
    if (values.section && (!values.remote || values["platform-key"]))
      throw new Error("--section replaces a section with --remote and --key only.");
    return { files: positionals, ...values };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new StoreImportError([{ path: [], message: `${file} is not readable JSON: ${(error as Error).message}` }]);
  }
}

interface Imported {
  database: string;
  slug: string;
  products: number;
  demoCustomers: number;
  hostnames: string[];
  warnings: string[];
  /** The first API key of a store the platform key created; shown once. */
  key?: string;
}

type Importer = (file: string) => Promise<Imported>;

class RefusedFile extends Error {}

async function localImporter(
  persistTo: string | undefined,
  database: string | undefined,
): Promise<{ importer: Importer; dispose: () => Promise<void> }> {
  // Same meaning as wrangler's --persist-to: wrangler keeps its state in <dir>/v3, the proxy wants that folder.
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: join(persistTo, "v3") } : true });
  // The demo customers' passwords must verify in the Worker: hash them with its pepper.
  const pepper = devVar("PASSWORD_PEPPER");
  if (!pepper) console.warn("No PASSWORD_PEPPER in the environment, .dev.vars or .dev.vars.example: demo customers are skipped.");
  const importer: Importer = (file) => importStore(proxy.env, readJson(file), { pepper, database });
  return { importer, dispose: () => proxy.dispose() };
}

function remoteImporter(target: RemoteTarget): Importer {
  return async (file) => {
    const { status, body } = await sendStoreFile(target, readJson(file) as Record<string, unknown>);
    // The API words a refused file as the local import does: "The store file was not imported:" and a line per field.
    if (status === 422 && body.code === "invalid_store_file") throw new RefusedFile(String(body.message));
    if (status !== 200 && status !== 201) throw new Error(`${target.url} answered ${status} ${body.code}: ${body.message}`);
    const store = (status === 201 ? body.store : body) as Record<string, unknown>;
    return {
      database: String(store.database),
      slug: String(store.slug),
      products: Number(store.products),
      demoCustomers: Number(store.demo_customers),
      hostnames: store.hostnames as string[],
      warnings: store.warnings as string[],
      key: typeof body.key === "string" ? body.key : undefined,
    };
  };
}

async function main() {
  const args = options();
  const { importer, dispose } = args.remote
    ? {
        importer: remoteImporter({
          url: args.url!,
          host: args.host,
          key: args.key,
          platformKey: args["platform-key"],
          section: args.section,
        }),
        dispose: async () => {},
      }
    : await localImporter(args["persist-to"], args.database);
  let failed = false;
  try {
    for (const file of args.files) {
      try {
        const started = performance.now();
        const summary = await importer(file);
        const ms = Math.round(performance.now() - started);
        const what = args.section ? `its ${args.section}` : `"${summary.slug}"`;
        console.log(
          `Imported ${what} (${summary.products} products, ${summary.demoCustomers} demo customers) for ${summary.hostnames.join(", ")} from ${file} into ${summary.database} in ${ms} ms`,
        );
        for (const warning of summary.warnings) console.warn(`${file}: warning: ${warning}`);
        if (summary.key) console.log(`The store's first API key (scope all). It is shown only now; keep it secret:\n${summary.key}`);
      } catch (error) {
        failed = true;
        if (error instanceof StoreImportError || error instanceof RefusedFile) console.error(`${file}: ${error.message}`);
        else console.error(`${file}: the import failed and nothing was changed: ${(error as Error).message}`);
      }
    }
  } finally {
    await dispose();
  }
  process.exit(failed ? 1 : 0);
}

main();
