import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import newStore from "../../stores/new.json";
import retail from "../../stores/retail.json";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { call, homeAddress } from "./accounts-helpers";
import { json } from "./request";

const pepper = env.PASSWORD_PEPPER;

async function signIn(email: string, password: string, host = "food.localhost"): Promise<string> {
  const response = await call("/api/login", { method: "POST", host, body: { email, password } });
  expect(response.status, `${email} at ${host}`).toBe(200);
  return (await json<{ token: string }>(response)).token;
}

async function addresses(token: string, host = "food.localhost") {
  return (
    await json<{ addresses: { label: string; pincode: string; is_default: boolean }[] }>(
      await call("/api/address/get-addresses", { method: "GET", token, host }),
    )
  ).addresses;
}

describe("demo customers from the store files", () => {
  it("lets each demo store's customer sign in, with the file's addresses", async () => {
    const cases = [
      [food, "food.localhost", 2],
      [retail, "retail.localhost", 1],
      [newStore, "new.localhost", 0],
    ] as const;
    for (const [store, host, count] of cases) {
      const [demo] = store.demo_customers;
      const token = await signIn(demo!.email, demo!.password, host);
      expect(await addresses(token, host)).toHaveLength(count);
    }
  });

  it("re-imports idempotently: one customer, its addresses reset to the file, other shoppers untouched", async () => {
    const token = await signIn("asha.demo@example.com", "spice-route-demo");
    expect((await call("/api/address/add", { method: "POST", token, body: homeAddress({ label: "Other" }) })).status).toBe(201);
    expect(await addresses(token)).toHaveLength(3);

    for (let i = 0; i < 2; i++) expect((await importStore(env.DB, env.KV, food, { pepper })).demoCustomers).toBe(1);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE email = 'asha.demo@example.com'").first<number>("n");
    expect(rows).toBe(1);
    const again = await signIn("asha.demo@example.com", "spice-route-demo");
    expect((await addresses(again)).map((a) => [a.label, a.pincode, a.is_default])).toEqual([
      ["Home", "560038", true],
      ["Work", "560034", false],
    ]);
    // The session from before the re-import still works: the customer is the same row.
    expect((await call("/api/user/details", { method: "GET", token })).status).toBe(200);

    // Without a pepper the demo customers are left as they are.
    expect((await importStore(env.DB, env.KV, food)).demoCustomers).toBe(0);
    await signIn("asha.demo@example.com", "spice-route-demo");
  });

  it("refuses a bad demo customer, naming the field, and writes nothing", async () => {
    const bad = structuredClone(food);
    bad.demo_customers[0]!.addresses[1]!.is_default = true; // two defaults
    (bad.demo_customers[0] as { password: string }).password = "short";
    const error = await importStore(env.DB, env.KV, bad, { pepper }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreImportError);
    expect((error as Error).message).toMatch(/demo_customers\[0\]\.password/);
    expect((error as Error).message).toMatch(/demo_customers\[0\]\.addresses: at most one address may be the default/);
  });
});
