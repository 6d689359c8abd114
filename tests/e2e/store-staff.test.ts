import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_PORT, PERSIST_DIR } from "./helpers";

/**
 * `npm run store:staff` adds, lists and removes a store's desk staff (decision 083): in the suite's database, hashing
 * with the Worker's pepper from .dev.vars, and through the served store's API with --remote --url --key. A member it
 * adds signs in at /admin/login on the server `npm start` serves; a member it removes cannot.
 */
const STORE = "retail";
const HOST = "retail.localhost";
const local = ["--store", STORE, "--persist-to", PERSIST_DIR];
const remote = (key: string) => ["--remote", "--url", `http://127.0.0.1:${BASE_PORT}`, "--host", HOST, "--key", key];

function storeCommand(script: string, args: string[], password?: string) {
  const env = { ...process.env, STAFF_PASSWORD: password ?? "" };
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], { encoding: "utf8", env, input: "" });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** A sign-in at /admin/login as a browser's form sends it: its status (303 signed in, 422 refused). */
function deskSignIn(email: string, password: string): Promise<number> {
  const body = new URLSearchParams({ email, password }).toString();
  return new Promise((resolve, reject) => {
    const headers = {
      Host: `${HOST}:${BASE_PORT}`,
      Origin: `http://${HOST}:${BASE_PORT}`,
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
    };
    const call = request({ host: "127.0.0.1", port: BASE_PORT, method: "POST", path: "/admin/login", headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    call.on("error", reject);
    call.end(body);
  });
}

let ownerKey = "";
beforeAll(() => {
  const made = storeCommand("store:api-key", [...local, "--label", "staff e2e", "--scope", "all"]);
  expect(made.status, made.err).toBe(0);
  ownerKey = made.out.trim().split("\n").at(-1)!;
}, 60_000);

describe("npm run store:staff", () => {
  it("adds a member in the database, who signs in at the desk; lists them; removes them, who then cannot", async () => {
    const email = `clerk.${Date.now()}@example.com`;
    const added = storeCommand(
      "store:staff",
      [...local, "--add", "--name", "Lena Clerk", "--email", email, "--role", "orders"],
      "clerk password 1",
    );
    expect(added.status, added.err).toBe(0);
    const id = Number(/^Staff member (\d+) \(orders\)/m.exec(added.out)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await deskSignIn(email, "clerk password 1")).toBe(303);
    expect(await deskSignIn(email, "a wrong password")).toBe(422);
    const list = storeCommand("store:staff", [...local, "--list"]);
    expect(list.out).toMatch(new RegExp(`^${id} +orders +${email.replace(/\./g, "\\.")} +Lena Clerk`, "m"));
    expect(list.out).not.toMatch(/pbkdf2/);
    const removed = storeCommand("store:staff", [...local, "--remove", String(id)]);
    expect(removed.status, removed.err).toBe(0);
    expect(await deskSignIn(email, "clerk password 1")).toBe(422);
  });

  it("does the same through the store's API, and refuses a password too short or an email taken", async () => {
    const email = `owner2.${Date.now()}@example.com`;
    const short = storeCommand(
      "store:staff",
      [...remote(ownerKey), "--add", "--name", "Kurz", "--email", email, "--role", "owner"],
      "short",
    );
    expect(short.status).toBe(2);
    expect(short.err).toContain("--password: Use a password of at least 8 characters.");
    const added = storeCommand(
      "store:staff",
      [...remote(ownerKey), "--add", "--name", "Jan", "--email", email, "--role", "owner"],
      "owner password 2",
    );
    expect(added.status, added.err).toBe(0);
    expect(await deskSignIn(email, "owner password 2")).toBe(303);
    const taken = storeCommand(
      "store:staff",
      [...remote(ownerKey), "--add", "--name", "Jan", "--email", email, "--role", "owner"],
      "owner password 3",
    );
    expect(taken.status).toBe(1);
    expect(taken.err).toContain("already has a staff member with the email");
    const list = storeCommand("store:staff", [...remote(ownerKey), "--list"]);
    expect(list.out).toContain(email);
    expect(list.out).toContain("owner.demo@example.com");
  });
});
