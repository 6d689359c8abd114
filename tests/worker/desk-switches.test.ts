import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StoreActor } from "../../commerce/store-actor";
import food from "../../stores/food.json";
import { importStore } from "../../worker/store-import/import-store";
import { setSwitch, WHOLE_STORE } from "../../worker/store-switches/store-switches";
import { call } from "./accounts-helpers";
import { newKey, PANEER, shopperWithCart } from "./checkout-helpers";
import { deskGet, deskPost, deskSignIn, FOOD_KITCHEN, FOOD_OWNER } from "./desk-helpers";
import { getPage, postForm, withoutPageMessages } from "./page-session";
import { guestCall, json, newGuest, request } from "./request";

/** The store's and its branches' switches at the owner's desk (issue 41 part 3, decision 087). */

const FOOD = 1;
const KORAMANGALA = 2;
const NEW_OWNER = { email: "owner.demo@example.com", password: "new-store-desk" };

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const add = (branchId = 1) => guestCall("POST", `/api/cart/add?branch_id=${branchId}`, newGuest(), { product_id: PANEER, quantity: 1 });

async function storeSetting(): Promise<string | undefined> {
  const row = await env.DB.prepare("SELECT value FROM site_settings WHERE tenant_id = ?1 AND key = 'globalStoreEnable'")
    .bind(FOOD)
    .first<{ value: string }>();
  return row?.value;
}

async function branchClosed(branchId: number): Promise<number | undefined> {
  const row = await env.DB.prepare("SELECT closed FROM branches WHERE tenant_id = ?1 AND id = ?2")
    .bind(FOOD, branchId)
    .first<{ closed: number }>();
  return row?.closed;
}

async function branchListed(branchId: number) {
  const listed = await json<{ branches: { id: number; closed: boolean; open_now: boolean }[] }>(
    await guestCall("GET", "/api/get-branches", null),
  );
  return listed.branches.find((b) => b.id === branchId);
}

let owner = "";
let meera: StoreActor;
beforeAll(async () => {
  owner = await deskSignIn(FOOD_OWNER);
  const row = await env.DB.prepare("SELECT id FROM staff WHERE tenant_id = ?1 AND role = 'owner'").bind(FOOD).first<{ id: number }>();
  meera = { kind: "staff", staffId: row!.id, role: "owner" };
});

// Every test leaves the store and its branches open, whatever it asserted.
afterEach(async () => {
  for (const target of [WHOLE_STORE, 1, KORAMANGALA]) await setSwitch(env, FOOD, target, true, meera);
  await env.DB.prepare("DELETE FROM store_switches WHERE tenant_id = ?1").bind(FOOD).run();
});

describe("the store's switch", () => {
  it("closes the store for every shopper on their next page and request, survives a re-import, and opens it again", async () => {
    const page = await text(await deskGet("/admin/switches", owner));
    expect(page).toContain("Open: shoppers can order.");
    expect(page).toContain('<input type="hidden" name="target" value="store"/><input type="hidden" name="open" value="0"/>');
    expect((await add()).status).toBe(201);
    expect(withoutPageMessages(await text(await getPage("/")))).not.toContain('data-testid="store-closed"');

    const closed = await deskPost("/admin/switches", { target: "store", open: "0" }, owner);
    expect(closed.status).toBe(303);
    expect(closed.headers.get("Location")).toBe("/admin/switches?saved=1");
    expect(await storeSetting()).toBe("false");
    const word = await env.DB.prepare("SELECT open, staff_id, store_key_id FROM store_switches WHERE tenant_id = ?1 AND branch_id = 0")
      .bind(FOOD)
      .first();
    expect(word).toEqual({ open: 0, staff_id: meera.kind === "staff" && meera.staffId, store_key_id: null });

    // The shopper: the closed page (the spec's words), an add refused by the API and by the product page's form.
    const home = withoutPageMessages(await text(await getPage("/")));
    expect(home).toContain('data-testid="store-closed"');
    expect(home).toContain("Sorry, we are currently not accepting orders right now. We will be back shortly.");
    const refused = await add();
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      code: "store_closed",
      message: "This store is closed just now and is not taking orders. Orders already placed can still be paid and tracked.",
    });
    const formAdd = await postForm("/product/paneer-tikka", { product_id: String(PANEER), quantity: "1" }, `guest_id=${newGuest()}`);
    expect(formAdd.status).not.toBe(303);
    expect(await text(formAdd)).toContain("Sorry, we are currently not accepting orders right now.");

    const desk = await text(await deskGet("/admin/switches?saved=1", owner));
    expect(desk).toContain('<p role="status" class="done">Saved. Shoppers see the change on their next page.</p>');
    expect(desk).toContain("Closed: shoppers see that the store is not taking orders, and cannot order.");
    expect(desk).toContain(">Open the store</button>");

    // The store file says "true": importing it again does not open the store.
    await importStore(env, food, { database: "DB" });
    expect(await storeSetting()).toBe("false");
    expect((await add()).status).toBe(403);

    expect((await deskPost("/admin/switches", { target: "store", open: "1" }, owner)).status).toBe(303);
    expect(await storeSetting()).toBe("true");
    expect((await add()).status).toBe(201);
    expect(withoutPageMessages(await text(await getPage("/")))).not.toContain('data-testid="store-closed"');
  });
});

describe("a branch's switch", () => {
  it("closes a branch whatever its hours: listed closed, no orders there, kept through a re-import, then open again", async () => {
    // A customer's cart at Koramangala, made while it is open.
    const shopper = await shopperWithCart([]);
    const atKoramangala = (path: string) => `${path}?branch_id=${KORAMANGALA}`;
    expect((await call(atKoramangala("/api/cart/add"), { token: shopper.token, body: { product_id: PANEER, quantity: 1 } })).status).toBe(
      201,
    );

    const closed = await deskPost("/admin/switches", { target: String(KORAMANGALA), open: "0" }, owner);
    expect(closed.status).toBe(303);
    expect(await branchClosed(KORAMANGALA)).toBe(1);
    expect(await branchListed(KORAMANGALA)).toMatchObject({ closed: true, open_now: false });
    expect(await text(await getPage("/location"))).toMatch(/Spice Route Kitchen - Koramangala[\s\S]*?Closed</);
    const desk = await text(await deskGet("/admin/switches", owner));
    expect(desk).toContain(">Open Spice Route Kitchen - Koramangala</button>");
    expect(desk).toContain(">Close Spice Route Kitchen - Indiranagar</button>");

    const refused = await add(KORAMANGALA);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "branch_closed", message: "This branch is closed. Please choose another." });
    const placed = await call(atKoramangala("/api/place-order"), {
      token: shopper.token,
      body: { fulfillment: "delivery", address_id: shopper.addressId, payment_method: "cod", expected_total: 1 },
      headers: { "Idempotency-Key": newKey() },
    });
    expect(placed.status).toBe(403);
    expect(await json(placed)).toMatchObject({ code: "branch_closed" });
    // The other branches and the store go on.
    expect((await add(1)).status).toBe(201);

    await importStore(env, food, { database: "DB" });
    expect(await branchClosed(KORAMANGALA)).toBe(1);
    expect((await add(KORAMANGALA)).status).toBe(403);

    expect((await deskPost("/admin/switches", { target: String(KORAMANGALA), open: "1" }, owner)).status).toBe(303);
    expect(await branchListed(KORAMANGALA)).toMatchObject({ closed: false });
    expect((await add(KORAMANGALA)).status).toBe(201);
  });

  it("lets the desk open a branch the store file closed, and a re-import of that file keeps it open", async () => {
    const closedThree = structuredClone(food);
    (closedThree.branches[2] as Record<string, unknown>).closed = true;
    await importStore(env, closedThree, { database: "DB" });
    expect(await branchClosed(3)).toBe(1);
    expect((await deskPost("/admin/switches", { target: "3", open: "1" }, owner)).status).toBe(303);
    expect(await branchClosed(3)).toBe(0);
    await importStore(env, closedThree, { database: "DB" });
    expect(await branchClosed(3)).toBe(0);
    expect((await add(3)).status).toBe(201);
  });
});

describe("the switches' refusals", () => {
  it("refuses another store's branch, junk, a cross-site post, and anyone not signed in, changing nothing", async () => {
    // The new store has one branch: the food store's Koramangala is not its.
    const other = await deskSignIn(NEW_OWNER, "new.localhost");
    const foreign = await deskPost("/admin/switches", { target: String(KORAMANGALA), open: "0" }, other, "new.localhost");
    expect(foreign.status).toBe(404);
    expect(await text(foreign)).toContain("This store has no branch with id 2.");
    const junk: Record<string, string>[] = [
      { target: "x", open: "0" },
      { target: "0", open: "0" },
      { target: "store", open: "no" },
      { target: "store" },
    ];
    for (const fields of junk) {
      const refused = await deskPost("/admin/switches", fields, owner);
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(await text(refused)).toContain("This form could not be read.");
    }
    expect((await deskPost("/admin/switches", { target: "9999999999", open: "0" }, owner)).status).toBe(404);
    const crossSite = await request("food.localhost", "/admin/switches", {
      method: "POST",
      body: new URLSearchParams({ target: "store", open: "0" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: owner },
    });
    expect(crossSite.status).toBe(403);
    expect((await postForm("/admin/switches", { target: "store", open: "0" })).status).toBe(401);
    expect((await deskGet("/admin/switches", "")).headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fswitches");
    expect(await storeSetting()).toBe("true");
    expect(await branchClosed(KORAMANGALA)).toBe(0);
    const switched = await env.DB.prepare("SELECT count(*) AS n FROM store_switches").first<{ n: number }>();
    expect(switched?.n).toBe(0);
  });

  it("is the owner's: the orders role is refused the page and the form, and setSwitch refuses it too", async () => {
    const kitchen = await deskSignIn(FOOD_KITCHEN);
    const page = await deskGet("/admin/switches", kitchen);
    expect(page.status).toBe(403);
    expect(await text(page)).toContain("Only the store&#x27;s owner may use this page.");
    expect((await deskPost("/admin/switches", { target: "store", open: "0" }, kitchen)).status).toBe(403);
    const clerk = await env.DB.prepare("SELECT id FROM staff WHERE tenant_id = ?1 AND role = 'orders'").bind(FOOD).first<{ id: number }>();
    const actor: StoreActor = { kind: "staff", staffId: clerk!.id, role: "orders" };
    await expect(setSwitch(env, FOOD, WHOLE_STORE, false, actor)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    await expect(setSwitch(env, FOOD, KORAMANGALA, false, actor)).rejects.toMatchObject({ status: 403 });
    expect(await storeSetting()).toBe("true");
    expect(await branchClosed(KORAMANGALA)).toBe(0);
  });
});
