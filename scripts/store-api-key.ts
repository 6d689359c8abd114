/**
 * npm run store:api-key -- --store <slug> [--label <text>] [--remote] [--persist-to <dir>]
 *
 * Makes an API key for a store's owner (the admin API, docs/decisions/026-store-owner-api.md), prints it once, and
 * stores only its SHA-256, through `wrangler d1 execute` on the local database (the one `wrangler dev` uses, or the
 * one under --persist-to) or, with --remote, the deployed one.
 */
import { execFileSync } from "node:child_process";
import { newStoreKey, storeKeyHash } from "../worker/admin/store-keys";

interface Args {
  store?: string;
  label: string;
  remote: boolean;
  persistTo?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { label: "", remote: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--store") args.store = argv[++i];
    else if (arg === "--label") args.label = argv[++i] ?? "";
    else if (arg === "--remote") args.remote = true;
    else if (arg === "--persist-to") args.persistTo = argv[++i];
    else fail(`Unknown argument ${arg}.`);
  }
  return args;
}

function fail(message: string): never {
  console.error(message);
  console.error("Usage: npm run store:api-key -- --store <slug> [--label <text>] [--remote] [--persist-to <dir>]");
  process.exit(2);
}

/** An SQL text literal: the label is the only free text, and the command line has no bound parameters. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.store || !/^[a-z0-9-]{1,64}$/.test(args.store)) fail("--store must name a store's slug (lowercase letters, digits, -).");
  if (args.label.length > 80) fail("--label must be at most 80 characters.");
  const key = newStoreKey();
  const sql = `INSERT INTO store_api_keys (tenant_id, key_hash, label, created_at)
    SELECT id, ${literal(await storeKeyHash(key))}, ${literal(args.label)}, ${Date.now()} FROM tenants WHERE slug = ${literal(args.store)}
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
  console.log(`API key ${inserted.id} for "${args.store}"${args.label ? ` (${args.label})` : ""}. It is shown only now; keep it secret:`);
  console.log(key);
}

main();
