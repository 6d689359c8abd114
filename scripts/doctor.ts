/**
 * npm run doctor [-- --persist-to <dir>] [--strict]
 * npm run doctor -- --remote --url https://<store host> --key sk_… [--strict]
 *
 * Says what a live store is missing (README: Going live; decision 043): each setting as set or missing. Locally it reads
 * what `wrangler dev` would give the Worker (wrangler.toml and .dev.vars, through wrangler's platform proxy, as the
 * importer does) and every store in the local database. With --remote it asks a deployment's owner API call
 * (GET /api/admin/go-live) with the store's API key (npm run store:api-key). --strict exits 1 when anything is missing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/env";
import { allStores } from "../worker/placement/directory";
import { storeDatabase } from "../worker/placement/store-databases";
import { deploymentChecks, type GoLiveCheck, goLiveReportSchema, storeChecks } from "../worker/setup/go-live-checks";
import { tenantById } from "../worker/tenancy/resolve-tenant";
import { apiRequest } from "./api-request";

const USAGE =
  "Usage: npm run doctor [-- --persist-to <dir>] [--strict]\n       npm run doctor -- --remote --url https://<store host> --key sk_… [--strict]";

interface Args {
  remote: boolean;
  strict: boolean;
  url?: string;
  key?: string;
  persistTo?: string;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { remote: false, strict: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--remote") args.remote = true;
    else if (arg === "--strict") args.strict = true;
    else if (arg === "--url") args.url = argv[++i];
    else if (arg === "--key") args.key = argv[++i];
    else if (arg === "--persist-to") args.persistTo = argv[++i];
    else fail(`Unknown argument ${arg}.`);
  }
  return args;
}

function print(title: string, checks: GoLiveCheck[]) {
  console.log(title);
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const c of checks) console.log(`  ${c.status.padEnd(7)}  ${c.name.padEnd(width)}  ${c.detail}`);
}

async function remote(args: Args): Promise<GoLiveCheck[]> {
  if (!args.url || !args.key) fail("--remote needs --url and --key.");
  let url: URL;
  try {
    url = new URL(args.url);
  } catch {
    fail(`--url ${args.url} is not an address.`);
  }
  const answer = await apiRequest({ url: url.origin, method: "GET", path: "/api/admin/go-live", bearer: args.key }).catch((error: Error) =>
    fail(`Could not reach ${url.origin}, or it is not this storefront: ${error.message}`),
  );
  const body = answer.body;
  if (answer.status !== 200) {
    const message = (body as { message?: string }).message ?? `HTTP ${answer.status}`;
    fail(`${url.origin} refused the call (HTTP ${answer.status}): ${message}`);
  }
  const report = goLiveReportSchema.safeParse(body);
  if (!report.success) fail(`${url.origin} answered something else than a go-live report.`);
  print(`Store ${report.data.store} at ${url.origin} (deployment and store settings):`, report.data.checks);
  return report.data.checks;
}

async function local(args: Args): Promise<GoLiveCheck[]> {
  // Same meaning as wrangler's --persist-to: wrangler keeps its state in <dir>/v3, the proxy wants that folder.
  const proxy = await getPlatformProxy<Env>({ persist: args.persistTo ? { path: join(args.persistTo, "v3") } : true });
  try {
    const env = proxy.env;
    if (!existsSync(".dev.vars")) console.log("No .dev.vars here yet: npm start copies it from .dev.vars.example.");
    const deployment = deploymentChecks(env);
    print("This checkout (wrangler.toml and .dev.vars, as `wrangler dev` gives them to the Worker):", deployment);
    if (env.DEV_TOOLS === "1" && !env.MESSAGES_URL) {
      console.log("  (DEV_TOOLS=1: locally, messages land in the D1 outbox at /dev/outbox; a deployed Worker has no DEV_TOOLS)");
    }
    const stores = await allStores(env.DIRECTORY).catch(() => null);
    if (!stores || stores.length === 0) console.log("No stores in the local databases: run npm start (migrations and demo stores) first.");
    const all = [...deployment];
    for (const entry of stores ?? []) {
      const db = storeDatabase(env, entry.database);
      const store = await tenantById(db, entry.database, entry.id);
      if (!store) continue;
      const checks = await storeChecks(db, store);
      print(`Store ${store.slug}: (in ${entry.database})`, checks);
      all.push(...checks);
    }
    return all;
  } finally {
    await proxy.dispose();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const checks = args.remote ? await remote(args) : await local(args);
  const missing = checks.filter((c) => c.status === "missing").length;
  console.log(missing === 0 ? "Everything a live store needs is set." : `${missing} missing.`);
  if (args.strict && missing > 0) process.exit(1);
}

await main();
