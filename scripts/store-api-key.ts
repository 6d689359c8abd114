/**
 * npm run store:api-key -- --store <slug> [--label <text>] [--scope all|orders|store] [--remote] [--persist-to <dir>]
 *
 * Makes an API key for a store's owner (the admin API, docs/decisions/026-store-owner-api.md), of a scope (decision
 * 040: all, the default; orders, the order calls only; store, replacing the store only), prints it once, and
 * stores only its SHA-256, through `wrangler d1 execute` on the local database (the one `wrangler dev` uses, or the
 * one under --persist-to) or, with --remote, the deployed one.
 */
import { execFileSync } from "node:child_process";
import { KEY_SCOPES, type KeyScope, newStoreKey, storeKeyHash } from "../worker/admin/store-keys";

interface Args {
  store?: string;
  label: string;
  scope: string;
  remote: boolean;
  persistTo?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { label: "", scope: "all", remote: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--store") args.store = argv[++i];
    else if (arg === "--label") args.label = argv[++i] ?? "";
    else if (arg === "--scope") args.scope = argv[++i] ?? "";
    else if (arg === "--remote") args.remote = true;
    else if (arg === "--persist-to") args.persistTo = argv[++i];
    else fail(`Unknown argument ${arg}.`);
  }
  return args;
}

function fail(message: string): never {
  console.error(message);
  console.error(
    "Usage: npm run store:api-key -- --store <slug> [--label <text>] [--scope all|orders|store] [--remote] [--persist-to <dir>]",
  );
  process.exit(2);
}

/** An SQL text literal: the label is the only free text, and the command line has no bound parameters. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.store || !/^[a-z0-9-]{1,64}$/.test(args.store)) fail("--store must name a store's slug (lowercase letters, digits, -).");
  if (args.label.length > 80) fail("--label must be at most 80 characters.");
  if (!KEY_SCOPES.includes(args.scope as KeyScope)) fail(`--scope must be one of ${KEY_SCOPES.join(", ")}.`);
  const key = newStoreKey();
  const sql = `INSERT INTO store_api_keys (tenant_id, key_hash, label, scope, created_at)
    SELECT id, ${literal(await storeKeyHash(key))}, ${literal(args.label)}, ${literal(args.scope)}, ${Date.now()} FROM tenants WHERE slug = ${literal(args.store)}
    RETURNING id`;
  const where = args.remote ? ["--remote"] : ["--local", ...(args.persistTo ? ["--persist-to", args.persistTo] : [])];
  const output = execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...where, "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const inserted = (JSON.parse(output) as { results: { id: number }[] }[])[0]?.results[0];
  if (!inserted) {
    console.error(`No store has the slug "${args.store}" in the ${args.remote ? "deployed" : "local"} database.`);
    process.exit(1);
  }
  console.log(
    `API key ${inserted.id} (scope ${args.scope}) for "${args.store}"${args.label ? ` (${args.label})` : ""}. It is shown only now; keep it secret:`,
  );
  console.log(key);
}

main();
