/**
 * npm run store:staff -- --store <slug> --add --name <name> --email <email> [--role owner|orders] [--remote] [--persist-to <dir>]
 * npm run store:staff -- --store <slug> (--list | --remove <id>) [--remote] [--persist-to <dir>]
 * npm run store:staff -- --remote --url <store origin> --key <key of scope all> [--host <name>] (--list | --remove <id> | --add …)
 *
 * The store's desk staff (decision 083): who may sign in at /admin/login, with their role (owner: the whole desk;
 * orders: the orders board and today's numbers). The new member's password is read from the STAFF_PASSWORD variable or
 * else the first line of standard input, never from the command line (where shell history would keep it). Works on
 * the local database through `wrangler d1 execute`, hashing with the Worker's PASSWORD_PEPPER (.dev.vars; for --remote
 * the variable must hold the deployed secret), or, with --url and --key, through the store's own API
 * (/api/admin/staff), which needs only a key of scope all.
 */

import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { issueInEnglish } from "../commerce/i18n/issue-message";
import { STAFF_ROLES, type StaffRole } from "../commerce/store-actor";
import type * as z from "../commerce/zod";
import { hashPassword } from "../worker/accounts/passwords";
import { newStaffBody, type StaffMemberAnswer, staffAnswer } from "../worker/api/admin-staff";
import type { StaffMember } from "../worker/staff/staff";
import { apiRequest } from "./api-request";
import { d1Execute } from "./d1-execute";
import { devVar } from "./dev-vars";
import { holdCompiledCatalogues } from "./i18n/compiled-catalogues";
import { storeDatabaseOf } from "./store-database";

const USAGE = `Usage: npm run store:staff -- --store <slug> --add --name <name> --email <email> [--role owner|orders] [--remote] [--persist-to <dir>]
       npm run store:staff -- --store <slug> (--list | --remove <id>) [--remote] [--persist-to <dir>]
       npm run store:staff -- --remote --url <store origin> --key <key of scope all> [--host <name>] (--list | --remove <id> | --add …)
The new member's password: STAFF_PASSWORD, else the first line of standard input.`;

function fail(message: string, code = 2): never {
  console.error(code === 2 ? `${message}\n${USAGE}` : message);
  process.exit(code);
}

function options() {
  try {
    return parseArgs({
      options: {
        store: { type: "string" },
        add: { type: "boolean", default: false },
        name: { type: "string" },
        email: { type: "string" },
        role: { type: "string", default: "orders" },
        list: { type: "boolean", default: false },
        remove: { type: "string" },
        remote: { type: "boolean", default: false },
        "persist-to": { type: "string" },
        url: { type: "string" },
        key: { type: "string" },
        host: { type: "string" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}

type NewMember = z.output<typeof newStaffBody>;

/** What a way of reaching the staff does: the database through wrangler, or the store's API. */
interface StaffAccess {
  where: string;
  add(member: NewMember): Promise<StaffMemberAnswer | "taken" | null>;
  list(): Promise<StaffMemberAnswer[] | null>;
  remove(id: number): Promise<boolean>;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function databaseStaff(store: string, remote: boolean, persistTo: string | undefined): StaffAccess {
  const where = remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const database = storeDatabaseOf(store, where) ?? "DB";
  const query = <Row>(sql: string): Row[] => d1Execute<Row>(database, where, sql)[0] ?? [];
  const tenant = `(SELECT id FROM tenants WHERE slug = ${literal(store)})`;
  const columns = "id, name, email, role, created_at";
  return {
    where: `"${store}" in the ${remote ? "deployed" : "local"} database`,
    async add(member) {
      const pepper = devVar("PASSWORD_PEPPER");
      if (!pepper) fail("No PASSWORD_PEPPER in the environment or .dev.vars: the desk could not check the password.", 1);
      if (query(`SELECT id FROM tenants WHERE slug = ${literal(store)}`).length === 0) return null;
      const [row] = query<StaffMember>(`INSERT INTO staff (tenant_id, name, email, password_hash, role, created_at)
        VALUES (${tenant}, ${literal(member.name)}, ${literal(member.email)}, ${literal(await hashPassword(member.password, pepper))},
          ${literal(member.role)}, ${Date.now()})
        ON CONFLICT (tenant_id, email) DO NOTHING RETURNING ${columns}`);
      return row ? staffAnswer(row) : "taken";
    },
    async list() {
      if (query(`SELECT id FROM tenants WHERE slug = ${literal(store)}`).length === 0) return null;
      return query<StaffMember>(`SELECT ${columns} FROM staff WHERE tenant_id = ${tenant} AND removed_at IS NULL ORDER BY id`).map(
        staffAnswer,
      );
    },
    async remove(id) {
      const now = Date.now();
      const removed = query<{ id: number }>(
        `UPDATE staff SET removed_at = ${now} WHERE tenant_id = ${tenant} AND id = ${id} AND removed_at IS NULL RETURNING id`,
      );
      if (removed.length === 0) return false;
      query(`UPDATE staff_sessions SET revoked_at = ${now} WHERE tenant_id = ${tenant} AND staff_id = ${id} AND revoked_at IS NULL`);
      return true;
    },
  };
}

function apiStaff(url: string, key: string, host: string | undefined): StaffAccess {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await apiRequest({ url, host, method, path, bearer: key, body }).catch((error: Error) =>
      fail(`Could not reach ${url}: ${error.message}`, 1),
    );
    if (answer.status === 409 || answer.status === 404) return { refused: answer.body.code as string };
    if (answer.status >= 300) fail(`${url} answered ${answer.status} ${answer.body.code}: ${answer.body.message}`, 1);
    return answer.body;
  };
  return {
    where: url,
    async add(member) {
      const made = await call("POST", "/api/admin/staff", member);
      return "refused" in made ? "taken" : (made as StaffMemberAnswer);
    },
    async list() {
      return ((await call("GET", "/api/admin/staff")) as { staff: StaffMemberAnswer[] }).staff;
    },
    async remove(id) {
      return !("refused" in (await call("POST", `/api/admin/staff/${id}/remove`)));
    },
  };
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write("The new member's password (then Enter): ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

async function main() {
  const args = options();
  const asked = [args.add, args.list, args.remove !== undefined].filter(Boolean).length;
  if (asked !== 1) fail("Ask one thing: --add, --list or --remove <id>.");
  let access: StaffAccess;
  if (args.url !== undefined) {
    if (!args.remote) fail("--url is for --remote: the store's API at that address.");
    if (!args.key) fail("--url needs --key <a key of scope all of that store>.");
    access = apiStaff(args.url, args.key, args.host);
  } else {
    if (!args.store || !/^[a-z0-9-]{1,64}$/.test(args.store)) fail("--store must name a store's slug (lowercase letters, digits, -).");
    access = databaseStaff(args.store, args.remote, args["persist-to"]);
  }
  if (args.list) {
    const rows = await access.list();
    if (!rows) fail(`No store ${access.where}.`, 1);
    if (rows.length === 0) return console.log("No staff.");
    for (const r of rows) console.log(`${r.id}  ${r.role.padEnd(6)}  ${r.email}  ${r.name}  (since ${r.created_at})`);
    return;
  }
  if (args.remove !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(args.remove)) fail(`--remove ${args.remove} is not a member's id (--list shows them).`);
    if (!(await access.remove(Number(args.remove)))) fail(`No staff member ${args.remove} of ${access.where}.`, 1);
    return console.log(`Staff member ${args.remove} is removed: they can no longer sign in, and their sessions have ended.`);
  }
  if (!STAFF_ROLES.includes(args.role as StaffRole)) fail(`--role must be one of ${STAFF_ROLES.join(", ")}.`);
  const parsed = newStaffBody.safeParse({
    name: args.name ?? "",
    email: args.email ?? "",
    password: await readPassword(),
    role: args.role,
  });
  if (!parsed.success) {
    holdCompiledCatalogues();
    fail(parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issueInEnglish(issue)}`).join("\n"));
  }
  const added = await access.add(parsed.data);
  if (added === null) fail(`No store ${access.where}.`, 1);
  if (added === "taken") fail(`${access.where} already has a staff member with the email ${parsed.data.email}.`, 1);
  console.log(`Staff member ${added.id} (${added.role}) ${added.email} added to ${access.where}: they sign in at /admin/login.`);
}

await main();
