import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { register } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { deskGet, deskPost, deskSignIn, FOOD_KITCHEN, FOOD_OWNER, RETAIL_OWNER } from "./desk-helpers";
import { handshake, listenAs } from "./live-helpers";
import { insertOrder } from "./order-fixtures";
import { registeredShopper } from "./page-session";
import { request } from "./request";

/**
 * The desk's orders board and an order's page (decision 086): what they show, moves through the same domain function
 * as the owner API (the member recorded), and every refusal a readable page.
 */

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

async function staffId(email: string, tenantId = 1): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM staff WHERE tenant_id = ?1 AND email = ?2")
    .bind(tenantId, email)
    .first<{ id: number }>();
  return row!.id;
}

async function orderNow(id: number) {
  return env.DB.prepare("SELECT status, payment_status FROM orders WHERE id = ?1")
    .bind(id)
    .first<{ status: string; payment_status: string }>();
}

async function lastMove(id: number) {
  return env.DB.prepare(
    "SELECT status, actor, staff_id, store_key_id, note FROM order_status_history WHERE order_id = ?1 ORDER BY id DESC LIMIT 1",
  )
    .bind(id)
    .first();
}

const numberOf = async (id: number) =>
  (await env.DB.prepare("SELECT number FROM orders WHERE id = ?1").bind(id).first<{ number: string }>())!.number;

describe("the orders board", () => {
  it("shows the orders taken on and not handed over, one column per status, each card with its next move", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const placed = await insertOrder({
      customerId: 1,
      lines: [
        [1, "Paneer Tikka", 2, 25000],
        [2, "Naan", 1, 5000],
      ],
    });
    const packed = await insertOrder({ customerId: 1, status: "packed" });
    const unpaid = await insertOrder({ customerId: 1, status: "pending_payment", paymentMethod: "online" });
    const delivered = await insertOrder({ customerId: 1, status: "delivered", paymentStatus: "cod_collected" });
    const page = await deskGet("/admin/orders", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await text(page);
    for (const column of ["New", "Confirmed", "Packed", "Out for delivery"]) expect(html).toContain(`${column} <span class="count">`);
    expect(html).toContain(`href="/admin/orders/${placed.publicId}"`);
    expect(html).toContain(`href="/admin/orders/${packed.publicId}"`);
    // An online order not yet paid is not the kitchen's yet; a delivered one is done.
    expect(html).not.toContain(unpaid.publicId);
    expect(html).not.toContain(delivered.publicId);
    const card = html.slice(html.indexOf(`id="o-${placed.publicId}"`));
    expect(card).toMatch(/^[\s\S]*?3 items · ₹550[\s\S]*?Pickup · Cash on delivery/);
    expect(card).toContain(`<button type="submit" name="status" value="confirmed" id="move-${placed.publicId}-confirmed"`);
    expect(html).toContain('src="/desk/board.js"');
    expect(html).toMatch(/<div id="board" class="board" data-after="\d+">/);
    expect(html).toContain('<script type="application/json" id="board-words">{"newOrder":"New order {number}"');
  });

  it("moves an order through the same domain function as the API: the member is recorded, and the board says what was done", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const order = await insertOrder({ customerId: 1 });
    const moved = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "confirmed", from: "board" }, cookie);
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe(`/admin/orders?moved=${order.publicId}#done`);
    expect(await orderNow(order.id)).toMatchObject({ status: "confirmed" });
    expect(await lastMove(order.id)).toMatchObject({
      status: "confirmed",
      actor: "store",
      staff_id: await staffId(FOOD_OWNER.email),
      store_key_id: null,
    });
    const board = await text(await deskGet(`/admin/orders?moved=${order.publicId}`, cookie));
    expect(board).toContain(
      `<p role="status" id="done" class="done" tabindex="-1">Order ${await numberOf(order.id)} is now confirmed.</p>`,
    );
    // From the order's page, back to it.
    const packed = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "packed", from: "order" }, cookie);
    expect(packed.headers.get("Location")).toBe(`/admin/orders/${order.publicId}?moved=1#done`);
    expect(await text(await deskGet(`/admin/orders/${order.publicId}?moved=1`, cookie))).toContain("is now packed.");
  });

  it("lets an orders clerk move orders, named in the history as who moved them", async () => {
    const cookie = await deskSignIn(FOOD_KITCHEN);
    expect((await deskGet("/admin/orders", cookie)).status).toBe(200);
    const order = await insertOrder({ customerId: 1, status: "confirmed" });
    expect((await deskPost(`/admin/orders/${order.publicId}/status`, { status: "out_for_delivery" }, cookie)).status).toBe(303);
    expect(await lastMove(order.id)).toMatchObject({ status: "out_for_delivery", staff_id: await staffId(FOOD_KITCHEN.email) });
    expect(await text(await deskGet(`/admin/orders/${order.publicId}`, cookie))).toContain("by Ravi Kumar");
  });

  it("cancels with a reason only, in the API's words, and refunds a paid order as the API does", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const order = await insertOrder({ customerId: 1, status: "confirmed", paymentMethod: "online", paymentStatus: "paid" });
    const path = `/admin/orders/${order.publicId}/status`;
    const noReason = await deskPost(path, { status: "cancelled", reason: "  ", from: "board" }, cookie);
    expect(noReason.status).toBe(422);
    const refused = await text(noReason);
    expect(refused).toContain('<p role="alert" id="move-problem" class="problem" tabindex="-1">a reason is needed to cancel</p>');
    expect(refused).toMatch(
      /<textarea name="reason" id="reason-[^"]+" rows="2" maxLength="500" required="" aria-invalid="true" aria-describedby="move-problem">/,
    );
    expect(await orderNow(order.id)).toMatchObject({ status: "confirmed" });
    const cancelled = await deskPost(path, { status: "cancelled", reason: "Out of paneer", from: "board" }, cookie);
    expect(cancelled.status).toBe(303);
    expect(await orderNow(order.id)).toEqual({ status: "cancelled", payment_status: "refund_pending" });
    expect(await lastMove(order.id)).toMatchObject({
      status: "cancelled",
      note: "Out of paneer",
      staff_id: await staffId(FOOD_OWNER.email),
    });
    const board = await text(await deskGet(`/admin/orders?moved=${order.publicId}`, cookie));
    expect(board).toContain("is now cancelled. Its payment is being refunded.");
  });

  it("says a move someone else made first in words (409), never a 500, and changes nothing", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const order = await insertOrder({ customerId: 1 });
    const key = await storeKey(1, "till", "orders");
    expect((await adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: { status: "packed" } })).status).toBe(200);
    const late = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "confirmed", from: "board" }, cookie);
    expect(late.status).toBe(409);
    expect(await text(late)).toContain(
      '<p role="alert" id="move-problem" class="problem" tabindex="-1">An order that is packed cannot be moved to confirmed.</p>',
    );
    const again = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "packed", from: "order" }, cookie);
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("The order is already packed.");
    expect(await orderNow(order.id)).toMatchObject({ status: "packed" });
  });

  it("refuses a status no move has, and a body no form sends, with a readable page", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const order = await insertOrder({ customerId: 1 });
    for (const status of ["expired", "placed", "shipped", ""]) {
      const refused = await deskPost(`/admin/orders/${order.publicId}/status`, { status }, cookie);
      expect(refused.status, status).toBe(422);
      expect(refused.headers.get("Content-Type")).toContain("text/html");
      expect(await text(refused)).toContain('role="alert"');
    }
    const json = await request("food.localhost", `/admin/orders/${order.publicId}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "confirmed" }),
      headers: { "Content-Type": "application/json", Origin: "http://food.localhost", Cookie: cookie },
    });
    expect(json.status).toBe(400);
    expect(await orderNow(order.id)).toMatchObject({ status: "placed" });
  });

  it("finds no other store's order, nor an id that is none (404), on the board's pages and its forms", async () => {
    const food = await deskSignIn(FOOD_OWNER);
    const retail = await deskSignIn(RETAIL_OWNER, "retail.localhost");
    const order = await insertOrder({ customerId: 1 });
    const elsewhere = await deskGet(`/admin/orders/${order.publicId}`, retail, "retail.localhost");
    expect(elsewhere.status).toBe(404);
    // In the retail store's language, German.
    expect(await text(elsewhere)).toContain("Wir konnten diese Bestellung nicht finden.");
    const post = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "confirmed" }, retail, "retail.localhost");
    expect(post.status).toBe(404);
    expect(await orderNow(order.id)).toMatchObject({ status: "placed" });
    for (const id of ["junk", "x".repeat(22), `${order.publicId}x`]) {
      expect((await deskGet(`/admin/orders/${id}`, food)).status, id).toBe(404);
      expect((await deskPost(`/admin/orders/${id}/status`, { status: "confirmed" }, food)).status, id).toBe(404);
    }
  });

  it("lets no one without a desk session look or move, and refuses a cross-site post", async () => {
    const order = await insertOrder({ customerId: 1 });
    const shopper = await registeredShopper();
    for (const cookie of ["", shopper]) {
      const board = await deskGet("/admin/orders", cookie);
      expect(board.status).toBe(303);
      expect(board.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Forders");
      expect((await deskGet(`/admin/orders/${order.publicId}`, cookie)).status).toBe(303);
      const moved = await deskPost(`/admin/orders/${order.publicId}/status`, { status: "confirmed" }, cookie);
      expect(moved.status).toBe(401);
      expect(await text(moved)).toContain("You are signed out.");
    }
    const cookie = await deskSignIn(FOOD_OWNER);
    const crossSite = await request("food.localhost", `/admin/orders/${order.publicId}/status`, {
      method: "POST",
      body: new URLSearchParams({ status: "confirmed" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: cookie },
    });
    expect(crossSite.status).toBe(403);
    expect(await orderNow(order.id)).toMatchObject({ status: "placed" });
  });
});

describe("an order's page", () => {
  it("shows its lines with their options, the note, where it goes, the payment, the customer, and who made each move", async () => {
    const { account, signedIn } = await register();
    const order = await insertOrder({ customerId: signedIn.user.id, lines: [[1, "Margherita Pizza", 1, 29900]] });
    const address = {
      name: "Asha Rao",
      phone: "+91 98000 00001",
      line1: "Flat 402",
      line2: "",
      landmark: "Near the lake",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560038",
      label: "Home",
    };
    await env.DB.batch([
      env.DB.prepare("UPDATE order_lines SET options_json = ?1 WHERE order_id = ?2").bind(
        JSON.stringify(["Size: Large", "Dips: Garlic dip"]),
        order.id,
      ),
      env.DB.prepare("UPDATE orders SET note = 'Ring twice <b>please</b>', fulfillment = 'delivery', address_json = ?1 WHERE id = ?2").bind(
        JSON.stringify(address),
        order.id,
      ),
    ]);
    const key = await storeKey(1, "Front till", "orders");
    expect((await adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: { status: "confirmed" } })).status).toBe(200);
    const cookie = await deskSignIn(FOOD_KITCHEN);
    expect((await deskPost(`/admin/orders/${order.publicId}/status`, { status: "packed", from: "order" }, cookie)).status).toBe(303);
    const page = await deskGet(`/admin/orders/${order.publicId}`, cookie);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain(`<h1>Order ${await numberOf(order.id)}</h1>`);
    expect(html).toMatch(/1 × Margherita Pizza · ₹299<span class="options">Size: Large, Dips: Garlic dip<\/span>/);
    expect(html).toContain("Ring twice &lt;b&gt;please&lt;/b&gt;");
    expect(html).toContain("Near the lake");
    expect(html).toContain("Cash on delivery");
    expect(html).toContain("To collect in cash");
    expect(html).toContain("Meera &lt;i&gt;Iyer&lt;/i&gt;");
    expect(html).toContain(`>${account.phone}</a>`);
    expect(html).toMatch(/Placed · Cash on delivery<\/strong> by the customer/);
    expect(html).toMatch(/Confirmed · Cash on delivery<\/strong> by API key Front till/);
    expect(html).toMatch(/Packed · Cash on delivery<\/strong> by Ravi Kumar/);
    // Its moves from here: the steps on, and cancelling.
    expect(html).toContain(`value="out_for_delivery" id="move-${order.publicId}-out_for_delivery"`);
    expect(html).toContain(`id="move-${order.publicId}-cancelled"`);
    // The owner API's reader, extended: who made each move.
    const answer = (await (await adminCall(`/orders/${order.publicId}`, key)).json()) as { history: unknown[] };
    expect(answer.history).toMatchObject([
      { status: "placed", actor: "customer", staff_name: null, key_label: null },
      { status: "confirmed", actor: "store", staff_name: null, key_label: "Front till" },
      { status: "packed", actor: "store", staff_name: "Ravi Kumar", key_label: null },
    ]);
  });

  it("says a pickup order's branch, offers no 'out for delivery' for it, and has no moves once it is done", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const pickup = await insertOrder({ customerId: 1, status: "packed" });
    const html = await text(await deskGet(`/admin/orders/${pickup.publicId}`, cookie));
    expect(html).toMatch(/Pickup at [^<]+</);
    expect(html).not.toContain("out_for_delivery");
    expect(html).toContain(">Collected</button>");
    const done = await insertOrder({ customerId: 1, status: "delivered", paymentStatus: "cod_collected" });
    const finished = await text(await deskGet(`/admin/orders/${done.publicId}`, cookie));
    expect(finished).toContain("This order has no more moves.");
    expect(finished).not.toContain('name="status"');
  });
});

describe("the board's live stream", () => {
  it("opens for a signed-in member from the store's own pages, and tells each move", async () => {
    const cookie = await deskSignIn(FOOD_KITCHEN);
    const origin = { Cookie: cookie, Origin: "http://food.localhost" };
    const listener = await listenAs("/admin/order-updates", { headers: origin });
    expect(await listener.next()).toMatchObject({ type: "ready" });
    const order = await insertOrder({ customerId: 1 });
    expect((await deskPost(`/admin/orders/${order.publicId}/status`, { status: "confirmed" }, cookie)).status).toBe(303);
    expect(await listener.next()).toMatchObject({ type: "order", order: { id: order.publicId, status: "confirmed" } });
    listener.close();
  });

  it("refuses another site's page, a plain request, a bad `after`, and anyone not signed in", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const origins: Record<string, string>[] = [{ Cookie: cookie }, { Cookie: cookie, Origin: "http://retail.localhost" }];
    for (const headers of origins) {
      expect((await handshake("/admin/order-updates", { headers })).status).toBe(403);
    }
    const plain = await deskGet("/admin/order-updates", cookie);
    expect(plain.status).toBe(426);
    expect(plain.headers.get("Upgrade")).toBe("websocket");
    const own = { Cookie: cookie, Origin: "http://food.localhost" };
    expect((await handshake("/admin/order-updates?after=-1", { headers: own })).status).toBe(400);
    const shopper = await registeredShopper();
    const signedOut = await handshake("/admin/order-updates", { headers: { Cookie: shopper, Origin: "http://food.localhost" } });
    expect(signedOut.status).toBe(303);
  });
});
