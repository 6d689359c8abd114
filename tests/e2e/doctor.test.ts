import { execFileSync, spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_PORT, PERSIST_DIR } from "./helpers";

/**
 * `npm run doctor` (issue 25 part 4, decision 043) against the server the suite runs: locally it reads this checkout's
 * settings and the suite's database; with --remote it asks that server's owner API call, as it would a deployment.
 */

const STORE = "preview";
const HOST = "preview.localhost";

function npm(args: string[]): string {
  return execFileSync("npm", ["run", "--silent", ...args], { encoding: "utf8" });
}

function doctor(args: string[]) {
  const run = spawnSync("npx", ["tsx", "scripts/doctor.ts", ...args], { encoding: "utf8" });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The line of a check: its status, then its name. */
const line = (status: "set" | "missing", name: string) => new RegExp(`^  ${status} +${name}  `, "m");

let key = "";
beforeAll(() => {
  // A store of its own, as its owner sets it up: imported, its Razorpay keys written, an API key made.
  npm(["store:import", "--", "tests/fixtures/preview-store.json", "--persist-to", PERSIST_DIR]);
  npm([
    "store:razorpay",
    "--",
    "--store",
    STORE,
    "--key-id",
    "rzp_test_doctor0001",
    "--key-secret",
    "ks",
    "--webhook-secret",
    "ws",
    "--persist-to",
    PERSIST_DIR,
  ]);
  key = npm(["store:api-key", "--", "--store", STORE, "--label", "doctor", "--persist-to", PERSIST_DIR]).trim().split("\n").at(-1) ?? "";
  expect(key).toMatch(/^sk_/);
});

describe("npm run doctor", () => {
  it("--remote asks the deployment's owner API call and lists each setting as set or missing", () => {
    const { status, out } = doctor(["--remote", "--url", `http://${HOST}:${BASE_PORT}`, "--key", key]);
    expect(status, out).toBe(0);
    expect(out).toContain(`Store ${STORE} at http://${HOST}:${BASE_PORT}`);
    // The server runs with the example .dev.vars: a pepper and a payment key, no messages transport, no geocoder.
    expect(out).toMatch(line("set", "PASSWORD_PEPPER"));
    expect(out).toMatch(line("set", "PAYMENT_SECRETS_KEY"));
    expect(out).toMatch(line("missing", "MESSAGES_URL"));
    expect(out).toMatch(line("missing", "GOOGLE_MAPS_API_KEY"));
    expect(out).toMatch(line("set", "razorpay keys"));
    expect(out).toMatch(line("set", "razorpay webhook"));
    expect(out).toContain("2 missing.");
    expect(doctor(["--remote", "--url", `http://${HOST}:${BASE_PORT}`, "--key", key, "--strict"]).status).toBe(1);
  });

  it("--remote with a wrong key or no key says why", () => {
    const wrong = doctor(["--remote", "--url", `http://${HOST}:${BASE_PORT}`, "--key", "sk_wrong"]);
    expect(wrong.status).toBe(2);
    expect(wrong.out).toContain("refused the call (HTTP 401)");
    const none = doctor(["--remote", "--url", `http://${HOST}:${BASE_PORT}`]);
    expect(none.status).toBe(2);
    expect(none.out).toContain("--remote needs --url and --key.");
  });

  it("locally reads this checkout's settings and every store in the database", () => {
    const { status, out } = doctor(["--persist-to", PERSIST_DIR]);
    expect(status, out).toBe(0);
    expect(out).toMatch(line("set", "PASSWORD_PEPPER"));
    expect(out).toMatch(line("missing", "MESSAGES_URL"));
    expect(out).toContain("DEV_TOOLS=1: locally, messages land in the D1 outbox");
    const stores = out.split(/^Store /m).slice(1);
    const of = (slug: string) => stores.find((s) => s.startsWith(`${slug}:`)) ?? "";
    expect(of("food")).toMatch(line("missing", "razorpay keys"));
    expect(of(STORE)).toMatch(line("set", "razorpay keys"));
    expect(of(STORE)).toMatch(line("set", "razorpay webhook"));
  });
});
