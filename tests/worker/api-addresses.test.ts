import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Address } from "../../commerce/addresses";
import { ADDRESS_NOT_PLACED, MAX_ADDRESSES, TOO_MANY_ADDRESSES } from "../../commerce/addresses";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import { inEnglish } from "./english";
import { json } from "./request";

type Addresses = { addresses: Address[] };

async function add(token: string, changes: Record<string, unknown> = {}, host?: string) {
  return call("/api/address/add", { method: "POST", token, host, body: homeAddress(changes) });
}

async function list(token: string, host?: string): Promise<Address[]> {
  const response = await call("/api/address/get-addresses", { method: "GET", token, host });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await json<Addresses>(response)).addresses;
}

const defaults = (addresses: Address[]) => addresses.filter((a) => a.is_default).map((a) => a.id);

describe("saved addresses API", () => {
  it("adds, lists, makes default and deletes, with exactly one default throughout", async () => {
    const { token } = await newCustomer();
    expect(await list(token)).toEqual([]);

    const first = await add(token);
    expect(first.status).toBe(201);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    const [home] = (await json<Addresses>(first)).addresses;
    // The first address is the default; the phone is kept as digits, an empty landmark as none.
    expect(home).toMatchObject({ label: "Home", is_default: true, phone: "+919800000001", landmark: null, pincode: "560038" });

    const work = (await json<Addresses>(await add(token, { label: "Work", pincode: "560034", latitude: null, longitude: null })))
      .addresses[1]!;
    // Sent without a position: placed where its pincode is (the offline gazetteer knows 560034, Koramangala).
    expect(work).toMatchObject({ label: "Work", is_default: false, latitude: expect.any(Number), longitude: expect.any(Number) });
    const other = (await json<Addresses>(await add(token, { label: "Other", make_default: true }))).addresses[0]!;
    expect(other).toMatchObject({ label: "Other", is_default: true });
    expect(defaults(await list(token))).toEqual([other.id]);

    const set = await call("/api/address/set-default", { method: "POST", token, body: { address_id: work.id } });
    expect(set.status).toBe(200);
    const afterSet = (await json<Addresses>(set)).addresses;
    expect(defaults(afterSet)).toEqual([work.id]);
    // The default first, then the newest.
    expect(afterSet.map((a) => a.id)).toEqual([work.id, other.id, home!.id]);

    // Deleting the default makes the newest remaining address the default.
    const deleted = await call("/api/address/delete", { method: "POST", token, body: { address_id: work.id } });
    expect(deleted.status).toBe(200);
    expect(defaults((await json<Addresses>(deleted)).addresses)).toEqual([other.id]);
    // Deleting another keeps the default where it is.
    await call("/api/address/delete", { method: "POST", token, body: { address_id: home!.id } });
    expect(defaults(await list(token))).toEqual([other.id]);
    expect((await call("/api/address/delete", { method: "POST", token, body: { address_id: other.id } })).status).toBe(200);
    expect(await list(token)).toEqual([]);
  });

  it("refuses an address without a position that cannot be placed, beside its pincode, and saves nothing", async () => {
    const { token } = await newCustomer();
    const response = await add(token, { pincode: "799999", city: "Nowhere", state: "Nowhere", latitude: null, longitude: null });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      code: "address_not_placed",
      message: inEnglish(ADDRESS_NOT_PLACED),
      issues: [{ path: "pincode", message: inEnglish(ADDRESS_NOT_PLACED) }],
    });
    expect(await list(token)).toEqual([]);
  });

  it("enforces one default in SQL, whatever the writer does", async () => {
    const { token, id } = await newCustomer();
    await add(token);
    await add(token);
    const tenant = await env.DB.prepare("SELECT tenant_id FROM customers WHERE id = ?1").bind(id).first<number>("tenant_id");
    await expect(
      env.DB.prepare("UPDATE addresses SET is_default = 1 WHERE tenant_id = ?1 AND customer_id = ?2").bind(tenant, id).run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses, counted in the insert`, async () => {
    const { token } = await newCustomer();
    // Concurrent adds: the count is read by each insert, so no burst passes the limit.
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 3 }, (_, i) => add(token, { line1: `House ${i}` })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ADDRESSES);
    const refused = answers.filter((r) => r.status === 422);
    expect(refused).toHaveLength(3);
    expect(await json(refused[0]!)).toEqual({ code: "address_limit", message: inEnglish(TOO_MANY_ADDRESSES) });
    const saved = await list(token);
    expect(saved).toHaveLength(MAX_ADDRESSES);
    expect(defaults(saved)).toHaveLength(1);
    // A make_default add past the limit changes nothing either.
    expect((await add(token, { make_default: true })).status).toBe(422);
    expect(await list(token)).toEqual(saved);
  });

  it("answers 404 to another customer's or another store's address id, and changes nothing", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    await add(owner.token);
    const [first, second] = (await json<Addresses>(await add(owner.token, { label: "Work" }))).addresses;
    const before = await list(owner.token);
    for (const path of ["/api/address/delete", "/api/address/set-default"]) {
      for (const address_id of [first!.id, second!.id, 0, 2_147_483_647]) {
        const response = await call(path, { method: "POST", token: other.token, body: { address_id } });
        expect(response.status, `${path} ${address_id}`).toBe(404);
        expect(await json(response)).toMatchObject({ code: "address_not_found" });
      }
    }
    expect(await list(owner.token)).toEqual(before);

    // A customer of another store: their token is not valid here, and their ids are not found there.
    const retail = await newCustomer("retail.localhost");
    expect(
      (
        await call("/api/address/set-default", {
          method: "POST",
          token: owner.token,
          host: "retail.localhost",
          body: { address_id: second!.id },
        })
      ).status,
    ).toBe(401);
    const foreign = await call("/api/address/delete", {
      method: "POST",
      token: retail.token,
      host: "retail.localhost",
      body: { address_id: second!.id },
    });
    expect(foreign.status).toBe(404);
    expect(await list(owner.token)).toEqual(before);
  });

  it("answers 401 to a guest on every call, before reading the body", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/address/get-addresses", undefined],
      ["POST", "/api/address/add", homeAddress()],
      ["POST", "/api/address/add", "{not json"],
      ["POST", "/api/address/delete", { address_id: 1 }],
      ["POST", "/api/address/set-default", { address_id: 1 }],
    ] as const) {
      const response = await call(path, { method: method, body });
      expect(response.status, path).toBe(401);
      expect(await json(response)).toMatchObject({ code: "unauthenticated" });
    }
  });

  it("keeps script in a field as text", async () => {
    const { token } = await newCustomer();
    const line1 = `<script>alert("x")</script> Flat 1`;
    const [saved] = (await json<Addresses>(await add(token, { line1, landmark: "<img src=x onerror=alert(1)>" }))).addresses;
    expect(saved).toMatchObject({ line1, landmark: "<img src=x onerror=alert(1)>" });
  });

  it("refuses bad bodies in the error shape, naming the field, and saves nothing", async () => {
    const { token } = await newCustomer();
    const bad: [Record<string, unknown> | string, string][] = [
      [{ pincode: "<>" }, "pincode"],
      [{ phone: "call me" }, "phone"],
      [{ name: "  " }, "name"],
      [{ line1: "x".repeat(201) }, "line1"],
      [{ label: "Castle" }, "label"],
      [{ latitude: 12.9, longitude: null }, "latitude"],
      [{ latitude: 91, longitude: 77 }, "latitude"],
      [{ city: 42 }, "city"],
      [{ make_default: "yes" }, "make_default"],
      // Control characters, alone or inside, in every text field (a NUL-only field was a 500 from the table's CHECK).
      ...(["name", "line1", "line2", "landmark", "city", "state"] as const).flatMap((field): [Record<string, unknown>, string][] => [
        [{ [field]: "\u0000" }, field],
        [{ [field]: "Flat\u00001" }, field],
        [{ [field]: "\u001b[31mred" }, field],
        [{ [field]: "two\nlines" }, field],
      ]),
    ];
    for (const [changes, field] of bad) {
      const response = await add(token, changes as Record<string, unknown>);
      expect(response.status, JSON.stringify(changes)).toBe(400);
      const body = await json<{ code: string; message: string; issues: { path: string; message: string }[] }>(response);
      expect(body.code).toBe("invalid_input");
      expect(
        body.issues.map((i) => i.path),
        JSON.stringify(changes),
      ).toContain(field);
    }
    for (const body of ["{not json", { address_id: "1" }, {}, { address_id: 1.5 }]) {
      expect((await call("/api/address/delete", { method: "POST", token, body })).status).toBe(400);
    }
    expect(await list(token)).toEqual([]);
  });

  it("gives the food store's demo customer two addresses in its delivery area", async () => {
    const login = await call("/api/login", { method: "POST", body: { email: "asha.demo@example.com", password: "spice-route-demo" } });
    expect(login.status).toBe(200);
    const { token } = await json<{ token: string }>(login);
    const saved = await list(token);
    expect(saved.map((a) => [a.label, a.pincode, a.is_default])).toEqual([
      ["Home", "560038", true],
      ["Work", "560034", false],
    ]);
    for (const address of saved) {
      const check = await json<{ served: boolean }>(await call(`/api/check-pincode?pincode=${address.pincode}`, { method: "GET" }));
      expect(check.served).toBe(true);
    }
  });
});
