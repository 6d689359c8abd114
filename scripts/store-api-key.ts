/**
 * npm run store:api-key -- --store <slug> [--label <text>] [--scope all|orders|store] [--remote] [--persist-to <dir>]
 * npm run store:api-key -- --store <slug> (--list | --revoke <id>) [--remote] [--persist-to <dir>]
 * npm run store:api-key -- --remote --url <store origin> --key <key of scope all> [--host <name>]
 *                          (--list | --revoke <id> | [--label <text>] [--scope …])
 *
 * Makes an API key for a store's owner (the admin API, docs/decisions/026-store-owner-api.md), of a scope (decision
 * 040: all, the default; orders, the order calls only; store, the store's file, images and stock), and prints it once;
 * or lists the store's keys (never a key: only its hash is kept), or revokes one by its id (decision 059). It works on
 * the local database through `wrangler d1 execute` (the one `wrangler dev` uses, or the one under --persist-to), on the
 * deployed one with --remote, or, with --url and --key, through the store's own API (/api/admin/keys), which needs no
 * Cloudflare account, only a key of scope all.
 */

import { parseArgs } from "node:util";
import { KEY_SCOPES, type KeyScope } from "../commerce/store-actor";
import { newStoreKey, type StoreKeyRow, storeKeyHash } from "../worker/admin/store-keys";
import { keyAnswer, type StoreKeyAnswer } from "../worker/api/admin-keys";
import { apiRequest } from "./api-request";
import { d1Execute } from "./d1-execute";
import { storeDatabaseOf } from "./store-database";

const USAGE = `Usage: npm run store:api-key -- --store <slug> [--label <text>] [--scope all|orders|store] [--remote] [--persist-to <dir>]
       npm run store:api-key -- --store <slug> (--list | --revoke <id>) [--remote] [--persist-to <dir>]
       npm run store:api-key -- --remote --url <store origin> --key <key of scope all> [--host <name>] (--list | --revoke <id> | [--label <text>] [--scope …])`;

function fail(message: string, code = 2): never {
  console.error(code === 2 ? `${message}\n${USAGE}` : message);
  process.exit(code);
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        store: { type: "string" },
        label: { type: "string", default: "" },
        scope: { type: "string", default: "all" },
        list: { type: "boolean", default: false },
        revoke: { type: "string" },
        remote: { type: "boolean", default: false },
        "persist-to": { type: "string" },
        url: { type: "string" },
        key: { type: "string" },
        host: { type: "string" },
      },
    });
    return values;
  } catch (error) {
    fail((error as Error).message);
  }
}

type Options = ReturnType<typeof options>;
type Action = { kind: "make"; label: string; scope: KeyScope } | { kind: "list" } | { kind: "revoke"; id: number };

function actionOf(args: Options): Action {
  if (args.list && args.revoke !== undefined) fail("--list and --revoke are two things: ask one.");
  if (args.list) return { kind: "list" };
  if (args.revoke !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(args.revoke))
      fail(`--revoke ${args.revoke} is not a key's id (npm run store:api-key -- --list shows them).`);
    return { kind: "revoke", id: Number(args.revoke) };
  }
  if (args.label.length > 80) fail("--label must be at most 80 characters.");
  if (!KEY_SCOPES.includes(args.scope as KeyScope)) fail(`--scope must be one of ${KEY_SCOPES.join(", ")}.`);
  return { kind: "make", label: args.label, scope: args.scope as KeyScope };
}

/** What a way of reaching the keys does: the database through wrangler, or the store's API. */
interface Keys {
  /** Where, for messages: `"food" in the local database`, `http://…`. */
  where: string;
  make(label: string, scope: KeyScope): Promise<{ key: string; row: StoreKeyAnswer } | null>;
  list(): Promise<StoreKeyAnswer[] | null>;
  revoke(id: number): Promise<StoreKeyAnswer | null>;
}

/** An SQL text literal: the command line has no bound parameters. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function databaseKeys(store: string, remote: boolean, persistTo: string | undefined): Keys {
  const where = remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  // A store the directory lacks is looked for in DB, where it answers "no store" like any unknown slug.
  const database = storeDatabaseOf(store, where) ?? "DB";
  const query = <Row>(sql: string): Row[] => {
    return d1Execute<Row>(database, where, sql)[0] ?? [];
  };
  const rows = (sql: string) => query<StoreKeyRow>(sql).map(keyAnswer);
  const columns = "id, label, scope, created_at, last_used_at, revoked_at";
  const tenant = `(SELECT id FROM tenants WHERE slug = ${literal(store)})`;
  const storeExists = () => query(`SELECT id FROM tenants WHERE slug = ${literal(store)}`).length > 0;
  return {
    where: `"${store}" in the ${remote ? "deployed" : "local"} database`,
    async make(label, scope) {
      const key = newStoreKey();
      const [row] = rows(`INSERT INTO store_api_keys (tenant_id, key_hash, label, scope, created_at)
        SELECT id, ${literal(await storeKeyHash(key))}, ${literal(label)}, ${literal(scope)}, ${Date.now()} FROM tenants WHERE slug = ${literal(store)}
        RETURNING ${columns}`);
      return row ? { key, row } : null;
    },
    async list() {
      return storeExists() ? rows(`SELECT ${columns} FROM store_api_keys WHERE tenant_id = ${tenant} ORDER BY id`) : null;
    },
    async revoke(id) {
      const [row] = rows(
        `UPDATE store_api_keys SET revoked_at = coalesce(revoked_at, ${Date.now()}) WHERE id = ${id} AND tenant_id = ${tenant} RETURNING ${columns}`,
      );
      return row ?? null;
    },
  };
}

function apiKeys(url: string, key: string, host: string | undefined): Keys {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await apiRequest({ url, host, method, path, bearer: key, body }).catch((error: Error) =>
      fail(`Could not reach ${url}: ${error.message}`, 1),
    );
    if (answer.status === 404 && answer.body.code === "key_not_found") return null;
    if (answer.status >= 300) fail(`${url} answered ${answer.status} ${answer.body.code}: ${answer.body.message}`, 1);
    return answer.body;
  };
  return {
    where: url,
    async make(label, scope) {
      const made = (await call("POST", "/api/admin/keys", { label, scope })) as (StoreKeyAnswer & { key: string }) | null;
      if (!made) return null;
      const { key: secret, ...row } = made;
      return { key: secret, row };
    },
    async list() {
      return ((await call("GET", "/api/admin/keys")) as { keys: StoreKeyAnswer[] }).keys;
    },
    async revoke(id) {
      return (await call("POST", `/api/admin/keys/${id}/revoke`)) as StoreKeyAnswer | null;
    },
  };
}

const described = (row: StoreKeyAnswer) => `API key ${row.id} (scope ${row.scope})${row.label ? ` "${row.label}"` : ""}`;

function printList(rows: StoreKeyAnswer[]) {
  if (rows.length === 0) return console.log("No API keys.");
  const table = [
    ["id", "scope", "made", "last used", "revoked", "label"],
    ...rows.map((r) => [String(r.id), r.scope, r.created_at, r.last_used_at ?? "never", r.revoked_at ?? "live", r.label]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  for (const line of table) console.log(line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
}

async function main() {
  const args = options();
  const action = actionOf(args);
  let keys: Keys;
  if (args.url !== undefined) {
    if (!args.remote) fail("--url is for --remote: the store's API at that address.");
    if (!args.key) fail("--url needs --key <a key of scope all of that store>.");
    keys = apiKeys(args.url, args.key, args.host);
  } else {
    if (!args.store || !/^[a-z0-9-]{1,64}$/.test(args.store)) fail("--store must name a store's slug (lowercase letters, digits, -).");
    keys = databaseKeys(args.store, args.remote, args["persist-to"]);
  }
  if (action.kind === "list") {
    const rows = await keys.list();
    if (!rows) fail(`No store ${keys.where}.`, 1);
    return printList(rows);
  }
  if (action.kind === "revoke") {
    const row = await keys.revoke(action.id);
    if (!row) fail(`No API key ${action.id} of ${keys.where}.`, 1);
    return console.log(`${described(row)} is revoked (since ${row.revoked_at}): calls made with it are refused.`);
  }
  const made = await keys.make(action.label, action.scope);
  if (!made) fail(`No store ${keys.where}.`, 1);
  console.log(`${described(made.row)} for ${keys.where}. It is shown only now; keep it secret:`);
  console.log(made.key);
}

await main();
