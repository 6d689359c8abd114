import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import newStore from "../../stores/new.json";
import retail from "../../stores/retail.json";
import souq from "../../stores/souq.json";
import { DEMO_CUSTOMERS_SKIPPED } from "../../worker/api/store-file-call";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { call, homeAddress, register } from "./accounts-helpers";
import { storeKey } from "./admin-helpers";
import { json } from "./request";
import { storeApiCall } from "./store-api-helpers";

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
    // The setup imports the stores the other files need; the right-to-left demo store only this test does.
    await importStore(env, souq, { pepper, database: "DB" });
    const cases = [
      [food, "food.localhost", 2],
      [retail, "retail.localhost", 1],
      [newStore, "new.localhost", 0],
      [souq, "souq.localhost", 0],
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

    for (let i = 0; i < 2; i++) expect((await importStore(env, food, { pepper })).demoCustomers).toBe(1);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE email = 'asha.demo@example.com'").first<number>("n");
    expect(rows).toBe(1);
    const again = await signIn("asha.demo@example.com", "spice-route-demo");
    expect((await addresses(again)).map((a) => [a.label, a.pincode, a.is_default])).toEqual([
      ["Home", "560038", true],
      ["Work", "560034", false],
    ]);
    // A reset is a password change: the sessions from before it end.
    expect((await call("/api/user/details", { method: "GET", token })).status).toBe(401);
    expect((await call("/api/user/details", { method: "GET", token: again })).status).toBe(200);

    // Without a pepper the demo customers are left as they are.
    expect((await importStore(env, food)).demoCustomers).toBe(0);
    await signIn("asha.demo@example.com", "spice-route-demo");
  });

  it("refuses a bad demo customer, naming the field, and writes nothing", async () => {
    const bad = structuredClone(food);
    bad.demo_customers[0]!.addresses[1]!.is_default = true; // two defaults
    (bad.demo_customers[0] as { password: string }).password = "short";
    const error = await importStore(env, bad, { pepper }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreImportError);
    expect((error as Error).message).toMatch(/demo_customers\[0\]\.password/);
    expect((error as Error).message).toMatch(/demo_customers\[0\]\.addresses: at most one address may be the default/);
  });
});

describe("no owner credential acts as a shopper (decision 060)", () => {
  /** A shopper of the food store, with a saved address and a session. */
  async function shopper() {
    const { account, signedIn } = await register();
    const token = signedIn.token;
    expect((await call("/api/address/add", { method: "POST", token, body: homeAddress({ label: "Other" }) })).status).toBe(201);
    return { ...account, token };
  }
  /** The shopper's account as the shopper sees it: still theirs, unchanged. */
  async function expectUntouched(victim: Awaited<ReturnType<typeof shopper>>) {
    expect((await call("/api/user/details", { method: "GET", token: victim.token })).status).toBe(200);
    expect(await addresses(victim.token)).toHaveLength(1);
    await signIn(victim.email, victim.password);
    const row = await env.DB.prepare("SELECT name, phone, demo FROM customers WHERE tenant_id = 1 AND email = ?1")
      .bind(victim.email)
      .first<{ name: string; phone: string; demo: number }>();
    expect(row).toEqual({ name: victim.name, phone: victim.phone, demo: 0 });
  }
  const takeover = (victim: { email: string }, phone = "+919000000001") => [
    { name: "Key Holder", email: victim.email, phone, password: "the key holder's password", addresses: [] },
  ];

  it("a deployed Worker's store key writes no demo customer, and says so", async () => {
    const victim = await shopper();
    const key = await storeKey(1);
    const response = await storeApiCall("PUT", "/api/admin/store/demo_customers", key, takeover(victim));
    expect(response.status).toBe(200);
    const answer = await json<{ demo_customers: number; warnings: string[] }>(response);
    expect(answer.demo_customers).toBe(0);
    expect(answer.warnings).toContain(DEMO_CUSTOMERS_SKIPPED);
    await expectUntouched(victim);
    expect(
      (await call("/api/login", { method: "POST", body: { email: victim.email, password: "the key holder's password" } })).status,
    ).toBe(422);
  });

  it("with the dev flag, a file naming a shopper's email is 422 naming the field, and changes nothing", async () => {
    const victim = await shopper();
    const key = await storeKey(1);
    const bindings = { ...env, DEV_TOOLS: "1" };
    for (const [path, body] of [
      ["/api/admin/store/demo_customers", takeover(victim)],
      ["/api/admin/store", { ...food, demo_customers: takeover(victim) }],
    ] as const) {
      const response = await storeApiCall("PUT", path, key, body, { bindings });
      expect(response.status, path).toBe(422);
      const answer = await json<{ code: string; issues: { path: string; message: string }[] }>(response);
      expect(answer.code).toBe("invalid_store_file");
      expect(answer.issues).toContainEqual({ path: "demo_customers[0].email", message: expect.stringMatching(/shopper's account/) });
    }
    await expectUntouched(victim);
    // The importer itself refuses it the same way, whoever calls it.
    const error = await importStore(env, { ...food, demo_customers: takeover(victim) }, { pepper }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreImportError);
    await expectUntouched(victim);
  });

  it("a demo customer whose phone is a shopper's is 422 naming the phone, never a 503 to retry", async () => {
    const victim = await shopper();
    const key = await storeKey(1);
    const file = structuredClone(food);
    file.demo_customers[0]!.phone = victim.phone;
    const response = await storeApiCall("PUT", "/api/admin/store", key, file, { bindings: { ...env, DEV_TOOLS: "1" } });
    expect(response.status).toBe(422);
    expect(response.headers.get("Retry-After")).toBeNull();
    const answer = await json<{ issues: { path: string; message: string }[] }>(response);
    expect(answer.issues).toContainEqual({ path: "demo_customers[0].phone", message: "is the phone of another account in this store" });
    await expectUntouched(victim);
  });

  it("refuses two demo customers with one email or phone, naming the second", async () => {
    const file = structuredClone(food);
    file.demo_customers.push({ ...file.demo_customers[0]!, addresses: [] });
    const error = await importStore(env, file, { pepper }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/demo_customers\[1\]: email asha\.demo@example\.com is used twice/);
    expect((error as Error).message).toMatch(/demo_customers\[1\]: phone .* is used twice/);
  });
});
