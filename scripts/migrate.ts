/**
 * npm run db:migrate [-- --remote] [--persist-to <dir>]
 *
 * Brings every database up to this checkout's schema (decision 061), locally or in the deployed account: the directory
 * (migrations-directory/), then each store database in STORE_DATABASES (migrations/), each one's row ids moved to its
 * own range, and any store a store database holds that the directory does not know entered in it (a deployment from
 * before the directory had all its stores in DB). Ends with each database's schema version, and fails if two store
 * databases differ. `npm start` and `npm run deploy` run it.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { idRangeSql } from "../worker/placement/id-ranges";
import { d1Execute } from "./d1-execute";

const wrangler = join("node_modules", ".bin", "wrangler");

const { values } = parseArgs({ options: { remote: { type: "boolean" }, "persist-to": { type: "string" } } });
const where = values.remote ? ["--remote"] : ["--local", ...(values["persist-to"] ? ["--persist-to", values["persist-to"]] : [])];

interface Listed {
  binding: string;
  location: string;
}

function storeDatabases(): Listed[] {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const text = (config.vars as Record<string, unknown>).STORE_DATABASES;
  const list = JSON.parse(typeof text === "string" ? text : "[]") as Listed[];
  const bound = new Set(config.d1_databases.map((database: { binding: string }) => database.binding));
  for (const { binding } of list)
    if (!bound.has(binding)) throw new Error(`STORE_DATABASES lists ${binding}, which wrangler.toml does not bind`);
  return list;
}

function wranglerSays(args: string[]): string {
  return execFileSync(wrangler, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

function apply(binding: string) {
  console.log(`── migrations: ${binding}`);
  wranglerSays(["d1", "migrations", "apply", binding, ...where]);
}

/** Runs SQL in a database and gives each statement's rows. */
function query<T>(binding: string, sql: string): T[][] {
  return d1Execute<T>(binding, where, sql);
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const VERSION = "SELECT COALESCE((SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1), '(none)') AS version";

function main() {
  const databases = storeDatabases();
  apply("DIRECTORY");
  const versions = new Map<string, string>();
  const missing: string[] = [];
  for (const [position, { binding }] of databases.entries()) {
    apply(binding);
    // One round of statements: the id range, this database's stores with their hosts, and its schema version.
    const results = query<Record<string, unknown>>(
      binding,
      [
        ...idRangeSql(position),
        `SELECT t.id, t.slug, (SELECT json_group_array(h.hostname) FROM tenant_hosts h WHERE h.tenant_id = t.id) AS hosts
         FROM tenants t WHERE t.moving = 0`,
        VERSION,
      ].join(";\n"),
    );
    const stores = results.at(-2) as { id: number; slug: string; hosts: string }[];
    versions.set(binding, String(results.at(-1)?.[0]?.version));
    for (const store of stores) {
      const hosts = JSON.parse(store.hosts) as string[];
      missing.push(
        `INSERT INTO stores (id, slug, database, created_at) VALUES (${store.id}, ${quote(store.slug)}, ${quote(binding)}, ${Date.now()})
         ON CONFLICT DO NOTHING`,
        ...hosts.map((host) => `INSERT INTO store_hosts (hostname, store_id) VALUES (${quote(host)}, ${store.id}) ON CONFLICT DO NOTHING`),
      );
    }
  }
  // A store already in the directory keeps its entry: only what it lacks is added.
  const directory = query<{ version: string }>("DIRECTORY", [...missing, VERSION].join(";\n"));
  console.log(`── schema versions\n  DIRECTORY  ${directory.at(-1)?.[0]?.version}`);
  for (const [binding, version] of versions) console.log(`  ${binding.padEnd(10)} ${version}`);
  if (new Set(versions.values()).size > 1) {
    console.error("The store databases are at different schema versions: run this again, and look at the failing one.");
    process.exit(1);
  }
}

main();
