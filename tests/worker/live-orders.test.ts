import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import { LIVE_CAP_RETRY_AFTER_SECONDS, LIVE_SOCKET_CAPS } from "../../worker/live/socket-caps";
import { effectsAwaited, orderTransitioned } from "../../worker/order-life";
import { CLOSE_FINAL } from "../../worker/orders";
import { newCustomer } from "./accounts-helpers";
import { adminCall, storeKey } from "./admin-helpers";
import { en } from "./english";
import { type Caller, handshake, type Listener, listen, listenAs, settle } from "./live-helpers";
import { insertOrder } from "./order-fixtures";
import { registeredShopper } from "./page-session";
import { json, request, viaCloudflare } from "./request";
import { storeOf } from "./settings-helpers";

/** The newest history row of an order, as D1 holds it. */
async function newestHistoryId(orderId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT max(id) AS id FROM order_status_history WHERE order_id = ?1")
    .bind(orderId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

function transition(publicId: string, key: string, status: string, reason = "") {
  return adminCall(`/orders/${publicId}/status`, key, { method: "POST", body: { status, reason } });
}

/** `count` connections to `path` as `caller`, each listening (its first message in). */
async function fill(path: string, caller: Caller, count: number): Promise<Listener[]> {
  const listeners = await Promise.all(Array.from({ length: count }, () => listenAs(path, caller)));
  for (const listener of listeners) await listener.next();
  return listeners;
}

/** Closes `listeners` and waits until the object has seen each go. */
async function leave(listeners: Listener[]): Promise<void> {
  for (const listener of listeners) listener.close();
  await Promise.all(listeners.map((listener) => listener.closed));
}

/** A client of its own reaching the Worker through Cloudflare, sending `headers`. */
function visitorSending(headers: Record<string, string>): Caller {
  const visitor = viaCloudflare();
  return { cf: visitor.cf, headers: { ...visitor.headers, ...headers } };
}

/** The API's refusal past a cap: 429 in the one error shape, with the wait. */
async function expectCapRefusal(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe(String(LIVE_CAP_RETRY_AFTER_SECONDS));
  expect(await json(response)).toEqual({ code: "too_many_requests", message: en(TOO_MANY_REQUESTS) });
}

// Bursts of real sockets: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("publishing an order's transition", () => {
  it("tells the order's page each transition of the owner API, after its history row is written, and nothing for a refused transition", async () => {
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id });
    const key = await storeKey();
    const page = await listen(`/api/order-updates?order_id=${order.publicId}`);
    expect(await page.next()).toEqual({ type: "ready", id: await newestHistoryId(order.id) });

    for (const status of ["confirmed", "packed", "out_for_delivery"]) {
      expect((await transition(order.publicId, key, status)).status).toBe(200);
      const message = await page.next();
      // The id is the history row the transition wrote: the row was committed before the publish read it.
      expect(message).toEqual({
        type: "order",
        id: await newestHistoryId(order.id),
        order_id: order.publicId,
        number: expect.any(String),
        status,
        status_text: expect.any(String),
        final: false,
      });
    }
    expect(page.messages.at(-1)).toMatchObject({ status_text: "Out for delivery" });

    // A transition the table refuses writes nothing and announces nothing.
    expect((await transition(order.publicId, key, "confirmed")).status).toBe(409);
    await settle();
    expect(page.messages).toHaveLength(4);

    // Delivered is final: the page is told, then its connection is closed.
    expect((await transition(order.publicId, key, "delivered")).status).toBe(200);
    expect(await page.next()).toMatchObject({ type: "order", status: "delivered", final: true });
    expect(await page.closed).toBe(4000);
  });

  it("transitions the order when the publish fails, and sends its message all the same", async () => {
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id });
    const key = await storeKey();
    expect((await transition(order.publicId, key, "out_for_delivery")).status).toBe(200);
    const page = await listen(`/api/order-updates?order_id=${order.publicId}`);
    await page.next();
    await env.DB.prepare("UPDATE orders SET status = 'delivered' WHERE id = ?1").bind(order.id).run();
    // A Worker whose live binding is missing: the publish throws inside, is logged, and the transition's effects go on.
    const broken = { ...env, LIVE_ORDERS: undefined } as unknown as typeof env;
    const store = await storeOf(1);
    const transitioned = effectsAwaited("http://food.localhost", "en", (effectsContext) =>
      orderTransitioned(broken, store, order.id, "delivered", effectsContext),
    );
    await expect(transitioned).resolves.toBeUndefined();
    const sent = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE tenant_id = 1 AND body LIKE ?1")
      .bind(`%${order.publicId}%`)
      .first<{ n: number }>();
    expect(sent?.n).toBeGreaterThan(0);
    await settle();
    expect(page.messages).toHaveLength(1);
  });
});

describe("who may listen", () => {
  it("answers a plain request with 426, an unknown or another store's order with 404, a guest's list with 401", async () => {
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id });
    const plain = await request("food.localhost", `/api/order-updates?order_id=${order.publicId}`);
    expect(plain.status).toBe(426);
    expect(await json(plain)).toMatchObject({ code: "upgrade_required" });
    const upgrade = { Upgrade: "websocket", Connection: "Upgrade" };
    const elsewhere = await request("retail.localhost", `/api/order-updates?order_id=${order.publicId}`, { headers: upgrade });
    expect(elsewhere.status).toBe(404);
    const unknown = await request("food.localhost", `/api/order-updates?order_id=${"x".repeat(22)}`, { headers: upgrade });
    expect(unknown.status).toBe(404);
    expect((await request("food.localhost", "/api/order-updates", { headers: upgrade })).status).toBe(401);
    expect((await request("food.localhost", "/api/order-updates?after=-1", { headers: upgrade })).status).toBe(400);
  });

  it("tells a customer's list of their own orders only, and the owner's stream of its own store only", async () => {
    const asha = await newCustomer();
    const other = await newCustomer();
    const ashaOrder = await insertOrder({ customerId: asha.id });
    const otherOrder = await insertOrder({ customerId: other.id });
    const key = await storeKey();
    const retailKey = await storeKey(2);
    const list = await listen("/api/order-updates", { Authorization: `Bearer ${asha.token}` });
    const owner = await listen("/api/admin/order-updates", { Authorization: `Bearer ${key}` });
    const retailOwner = await listen("/api/admin/order-updates", { Authorization: `Bearer ${retailKey}` }, "retail.localhost");
    for (const listener of [list, owner, retailOwner]) expect(await listener.next()).toMatchObject({ type: "ready" });

    expect((await transition(otherOrder.publicId, key, "confirmed")).status).toBe(200);
    expect((await transition(ashaOrder.publicId, key, "packed")).status).toBe(200);
    // The other customer's transition came first: had it reached Asha's list, it would be the next message.
    expect(await list.next()).toMatchObject({ type: "order", order_id: ashaOrder.publicId, status: "packed" });
    const ownerSaw = [await owner.next(), await owner.next()];
    expect(ownerSaw).toMatchObject([
      { type: "order", order: { id: otherOrder.publicId, status: "confirmed", payment_status: "cod_pending" } },
      { type: "order", order: { id: ashaOrder.publicId, status: "packed", status_text: "Packed" } },
    ]);
    await settle();
    expect(retailOwner.messages).toHaveLength(1);
    expect(list.messages).toHaveLength(2);
  });

  it("refuses the owner's stream without a key of the store, or with a key of another scope", async () => {
    const upgrade = { Upgrade: "websocket", Connection: "Upgrade" };
    const retailKey = await storeKey(2);
    const customer = await newCustomer();
    for (const authorization of [undefined, `Bearer ${retailKey}`, `Bearer ${customer.token}`]) {
      const headers = authorization ? { ...upgrade, Authorization: authorization } : upgrade;
      expect((await request("food.localhost", "/api/admin/order-updates", { headers })).status).toBe(401);
    }
    const storeScoped = await storeKey(1, "images only");
    await env.DB.prepare("UPDATE store_api_keys SET scope = 'store' WHERE tenant_id = 1 AND label = 'images only'").run();
    const headers = { ...upgrade, Authorization: `Bearer ${storeScoped}` };
    expect((await request("food.localhost", "/api/admin/order-updates", { headers })).status).toBe(403);
  });
});

describe("My orders' stream", () => {
  it("opens for the customer the session cookie names, from the store's own pages only", async () => {
    const cookie = await registeredShopper();
    const customer = await env.DB.prepare("SELECT max(id) AS id FROM customers WHERE tenant_id = 1").first<{ id: number }>();
    const order = await insertOrder({ customerId: customer!.id });
    const key = await storeKey();
    const upgrade = { Upgrade: "websocket", Connection: "Upgrade" };
    const open = (headers: Record<string, string>) =>
      request("food.localhost", "/account/order-updates", { headers: { ...upgrade, ...headers } });
    // A cookie goes along with a WebSocket from any site: another site's page, or none named, is refused.
    expect((await open({ Cookie: cookie, Origin: "http://evil.example" })).status).toBe(403);
    expect((await open({ Cookie: cookie })).status).toBe(403);
    expect((await open({ Origin: "http://food.localhost" })).status).toBe(401);
    expect((await request("food.localhost", "/account/order-updates", { headers: { Cookie: cookie } })).status).toBe(426);

    const list = await listen("/account/order-updates", { Cookie: cookie, Origin: "http://food.localhost" });
    expect(await list.next()).toMatchObject({ type: "ready" });
    expect((await transition(order.publicId, key, "confirmed")).status).toBe(200);
    expect(await list.next()).toMatchObject({ type: "order", order_id: order.publicId, status: "confirmed" });
  });
});

describe("resuming", () => {
  it("sends a reconnecting page what it missed after its last event, oldest first, then where it now stands", async () => {
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id });
    const key = await storeKey();
    const first = await listen(`/api/order-updates?order_id=${order.publicId}`);
    const ready = await first.next();
    first.close();
    expect((await transition(order.publicId, key, "confirmed")).status).toBe(200);
    expect((await transition(order.publicId, key, "packed")).status).toBe(200);

    const again = await listen(`/api/order-updates?order_id=${order.publicId}&after=${ready.id}`);
    expect(await again.next()).toMatchObject({ type: "order", status: "confirmed" });
    expect(await again.next()).toMatchObject({ type: "order", status: "packed" });
    expect(await again.next()).toEqual({ type: "ready", id: await newestHistoryId(order.id) });
    // Up to date: nothing is replayed.
    const current = await listen(`/api/order-updates?order_id=${order.publicId}&after=${await newestHistoryId(order.id)}`);
    expect(await current.next()).toEqual({ type: "ready", id: await newestHistoryId(order.id) });
  });

  it("tells the owner's stream to read afresh when it missed more than it replays", async () => {
    const key = await storeKey();
    const customer = await newCustomer();
    for (let i = 0; i < 101; i++) await insertOrder({ customerId: customer.id });
    const owner = await listen("/api/admin/order-updates?after=0", { Authorization: `Bearer ${key}` });
    const row = await env.DB.prepare("SELECT max(id) AS id FROM order_status_history WHERE tenant_id = 1").first<{ id: number }>();
    expect(await owner.next()).toEqual({ type: "gap", id: row?.id });
  });
});

describe("caps on live sockets (issue 36)", () => {
  it("refuses an order's socket past its cap with a 429 and Retry-After, from any client, until one of them closes", async () => {
    const order = await insertOrder({ customerId: (await newCustomer()).id });
    const path = `/api/order-updates?order_id=${order.publicId}`;
    const shopper = viaCloudflare();
    const open = await fill(path, shopper, LIVE_SOCKET_CAPS.order);
    await expectCapRefusal(await handshake(path, shopper));
    // The cap is the order's: another client is refused too.
    await expectCapRefusal(await handshake(path, viaCloudflare()));
    await leave(open.slice(0, 1));
    const again = await listenAs(path, shopper);
    expect(await again.next()).toMatchObject({ type: "ready" });
    await expectCapRefusal(await handshake(path, shopper));
    await leave([...open.slice(1), again]);
  });

  it("caps a customer's stream, at the API and at My orders' page address (there a plain 429)", async () => {
    const customer = await newCustomer();
    const list = "/api/order-updates";
    const bearer = visitorSending({ Authorization: `Bearer ${customer.token}` });
    const lists = await fill(list, bearer, LIVE_SOCKET_CAPS.customer);
    await expectCapRefusal(await handshake(list, bearer));

    const page = visitorSending({ Cookie: await registeredShopper(), Origin: "http://food.localhost" });
    const pages = await fill("/account/order-updates", page, LIVE_SOCKET_CAPS.customer);
    const refused = await handshake("/account/order-updates", page);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(LIVE_CAP_RETRY_AFTER_SECONDS));
    expect(refused.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await refused.text()).toBe(en(TOO_MANY_REQUESTS));
    await leave([...lists, ...pages]);
  });

  it("caps the owner's stream", async () => {
    // The third demo store (new.localhost), whose stream no other test holds: the cap counts the store's every screen.
    const owner = { ...visitorSending({ Authorization: `Bearer ${await storeKey(3)}` }), host: "new.localhost" };
    const screens = await fill("/api/admin/order-updates", owner, LIVE_SOCKET_CAPS.store);
    await expectCapRefusal(await handshake("/api/admin/order-updates", owner));
    await leave(screens);
  });

  it("refuses one client past its cap across the store's streams, and not another client", async () => {
    const customer = await newCustomer();
    const orders = await Promise.all(
      Array.from({ length: LIVE_SOCKET_CAPS.client / LIVE_SOCKET_CAPS.order + 1 }, () => insertOrder({ customerId: customer.id })),
    );
    const paths = orders.map((order) => `/api/order-updates?order_id=${order.publicId}`);
    const client = viaCloudflare();
    const open: Listener[] = [];
    for (const path of paths.slice(0, -1)) open.push(...(await fill(path, client, LIVE_SOCKET_CAPS.order)));
    const last = paths.at(-1)!;
    await expectCapRefusal(await handshake(last, client));
    const neighbour = await listenAs(last, viaCloudflare());
    expect(await neighbour.next()).toMatchObject({ type: "ready" });
    await leave(open.slice(0, 1));
    const again = await listenAs(last, client);
    expect(await again.next()).toMatchObject({ type: "ready" });
    await leave([...open.slice(1), neighbour, again]);
  });

  it("holds the caps against a burst at once (the attack run's: many sockets to one order and to a customer's stream)", async () => {
    // The attack run opened 300 and 100 in 3 s; a third of that shows the same, at a cost the suite can carry.
    const customer = await newCustomer();
    const order = await insertOrder({ customerId: customer.id });
    const attacker = visitorSending({ Authorization: `Bearer ${customer.token}` });
    const [toOrder, toList] = [100, 40];
    const [orderAnswers, listAnswers] = await Promise.all([
      Promise.all(Array.from({ length: toOrder }, () => handshake(`/api/order-updates?order_id=${order.publicId}`, attacker))),
      Promise.all(Array.from({ length: toList }, () => handshake("/api/order-updates", attacker))),
    ]);
    const statuses = (answers: Response[]) => answers.map((answer) => answer.status).sort();
    expect(statuses(orderAnswers)).toEqual([
      ...Array(LIVE_SOCKET_CAPS.order).fill(101),
      ...Array(toOrder - LIVE_SOCKET_CAPS.order).fill(429),
    ]);
    expect(statuses(listAnswers)).toEqual([
      ...Array(LIVE_SOCKET_CAPS.customer).fill(101),
      ...Array(toList - LIVE_SOCKET_CAPS.customer).fill(429),
    ]);
    for (const answer of [...orderAnswers, ...listAnswers]) {
      if (answer.status === 429) await expectCapRefusal(answer);
      answer.webSocket?.accept();
      answer.webSocket?.close(1000, "done");
    }
  });
});

describe("a socket to an order that is already final", () => {
  it("is told where the order stands, then closed as final, whatever `after` it names", async () => {
    const order = await insertOrder({ customerId: (await newCustomer()).id });
    const key = await storeKey();
    const placed = await newestHistoryId(order.id);
    // Delivered while no page listened: there was no socket to close.
    expect((await transition(order.publicId, key, "delivered")).status).toBe(200);
    const delivered = await newestHistoryId(order.id);
    const path = `/api/order-updates?order_id=${order.publicId}`;

    const fresh = await listen(path);
    expect(await fresh.next()).toEqual({ type: "ready", id: delivered });
    expect(await fresh.closedSoon()).toBe(CLOSE_FINAL);
    const resumed = await listen(`${path}&after=${placed}`);
    expect(await resumed.next()).toMatchObject({ type: "order", id: delivered, status: "delivered", final: true });
    expect(await resumed.next()).toEqual({ type: "ready", id: delivered });
    expect(await resumed.closedSoon()).toBe(CLOSE_FINAL);
    // An `after` past every transition replays nothing; the order is still final.
    const ahead = await listen(`${path}&after=${delivered + 1_000_000}`);
    expect(await ahead.next()).toMatchObject({ type: "ready" });
    expect(await ahead.closedSoon()).toBe(CLOSE_FINAL);
  });

  it("closes a cancelled order's socket too, and never counts a closed one against the order's cap", async () => {
    const order = await insertOrder({ customerId: (await newCustomer()).id, status: "cancelled" });
    const path = `/api/order-updates?order_id=${order.publicId}`;
    for (let i = 0; i <= LIVE_SOCKET_CAPS.order; i++) {
      const socket = await listen(path);
      expect(await socket.next()).toMatchObject({ type: "ready" });
      expect(await socket.closedSoon()).toBe(CLOSE_FINAL);
    }
  });
});
