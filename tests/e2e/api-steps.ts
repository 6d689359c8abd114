import { expect, inject } from "vitest";
import { send } from "../../scripts/bench/http";
import { BASE_PORT } from "./helpers";

/**
 * What the browser tests set up through the store's API instead of the pages (a shopper's earlier visits, the store's
 * own system transitioning an order): from Node, which cannot resolve *.localhost, on loopback with the store's Host
 * header.
 */

export const FOOD = "food.localhost";

export interface ApiAnswer {
  status: number;
  json: unknown;
}

/**
 * An API call to the served app, through the bench's `send`: a call written to a kept-alive connection the server
 * closed at that moment is sent again on a new one. `ownConnection`: not on a kept-alive connection at all, for a test
 * that blocks this process (a CLI run) for longer than the server keeps an idle connection.
 */
export async function storeApi(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  ownConnection = false,
): Promise<ApiAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const answer = await send(
    method,
    `http://127.0.0.1:${BASE_PORT}${path}`,
    { Host: FOOD, ...(text ? { "Content-Type": "application/json" } : {}), ...headers },
    text,
    { newConnection: ownConnection },
  );
  return { status: answer.status, json: answer.text ? JSON.parse(answer.text) : null };
}

/** A call that must answer `status`; answers its JSON. */
export async function apiOk<T = Record<string, unknown>>(call: Promise<ApiAnswer>, status: number): Promise<T> {
  const answer = await call;
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  return answer.json as T;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let registered = 0;

/**
 * A visitor address of its own for each new customer. `wrangler dev` keeps a `CF-Connecting-IP` a client sends (only
 * Cloudflare's edge replaces it), so the suite's many customers, all on loopback, are many clients to the per-client
 * registration limit (decision 038), as real shoppers are.
 */
export function visitorAddress(): string {
  // Drawn at random from the benchmarking range 198.18.0.0/15: every test file has its own copy of this module, so a
  // counter would hand each file the same first addresses, and together they passed the limit on those.
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `198.${18 + (a! % 2)}.${b}.${(c! % 254) + 1}`;
}

/** A new customer of the food store, registered through the API; answers their session token. */
export async function registeredCustomer(account?: { name: string; email: string; phone: string; password: string }): Promise<string> {
  const unique = `${Date.now()}${registered++}`;
  const body = account ?? {
    name: "Asha Tester",
    email: `api-${unique}@example.com`,
    phone: `9${unique.slice(-9)}`,
    password: "correct horse battery",
  };
  return (await apiOk<{ token: string }>(storeApi("POST", "/api/register", { "CF-Connecting-IP": visitorAddress() }, body), 201)).token;
}

/** A home address in the food store's delivery area. */
export const HOME_ADDRESS = {
  name: "Asha Rao",
  phone: "+91 98000 00001",
  line1: "Flat 402, Lakeview Apartments",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560038",
  latitude: 12.9784,
  longitude: 77.6408,
  label: "Home",
};

export interface PricedCart {
  addressId: number;
  /** The cart's total as priced at the address (major units): what a place-order call expects. */
  total: number;
}

/** Saves the home address and puts one paneer tikka in the customer's cart, delivered there. */
export async function cartAtHome(token: string): Promise<PricedCart> {
  const saved = await apiOk<{ addresses: { id: number }[] }>(storeApi("POST", "/api/address/add", bearer(token), HOME_ADDRESS), 201);
  const addressId = Math.max(...saved.addresses.map((a) => a.id));
  return { addressId, total: await addToCartAt(token, addressId) };
}

/** One more paneer tikka in the cart, delivered to a saved address; answers the cart's new total. */
export async function addToCartAt(token: string, addressId: number): Promise<number> {
  await apiOk(storeApi("POST", "/api/cart/add", bearer(token), { product_id: 1, quantity: 1 }), 201);
  const priced = await apiOk<{ total: number }>(
    storeApi("PUT", "/api/cart/delivery-location", bearer(token), { address_id: addressId }),
    200,
  );
  return priced.total;
}

/** Places the cart's order through the API (cash, or to be paid online); answers its id and number. */
export async function placedOrder(
  token: string,
  cart: PricedCart,
  paymentMethod: "cod" | "online",
): Promise<{ id: string; number: string }> {
  const body = { fulfillment: "delivery", address_id: cart.addressId, payment_method: paymentMethod, expected_total: cart.total };
  const headers = { ...bearer(token), "Idempotency-Key": crypto.randomUUID() };
  return (await apiOk<{ order: { id: string; number: string } }>(storeApi("POST", "/api/place-order", headers, body), 201)).order;
}

/** The store transitions an order, as its owner's system would (the admin API with the key the e2e setup made). */
export async function storeTransitions(orderId: string, status: "confirmed" | "out_for_delivery" | "delivered"): Promise<void> {
  await apiOk(
    storeApi("POST", `/api/admin/orders/${orderId}/status`, { Authorization: `Bearer ${inject("foodStoreKey")}` }, { status }),
    200,
  );
}

/** A cash order of one item at home that the store has delivered; answers its id and number. */
export async function deliveredOrder(token: string): Promise<{ id: string; number: string }> {
  const order = await placedOrder(token, await cartAtHome(token), "cod");
  await storeTransitions(order.id, "delivered");
  return order;
}

/** A line as an agent adds it to its cart (POST /api/cart/add's body). */
export interface AgentLine {
  product_id: number;
  quantity: number;
  selected_attributes?: Record<string, number>;
  selected_multi_attributes?: Record<string, number[]>;
}

/**
 * An agent's guest cart of `lines` in the food store (its own guest id, as the MCP server mints one) and the checkout
 * link it makes of it (decision 090): answers the link's token, the end of the link's path.
 */
export async function agentCheckoutLink(lines: AgentLine[] = [{ product_id: 1, quantity: 2 }]): Promise<string> {
  const agent = { "guest-id": crypto.randomUUID().replaceAll("-", "") };
  for (const line of lines) await apiOk(storeApi("POST", "/api/cart/add", agent, line), 201);
  const { url } = await apiOk<{ url: string }>(storeApi("POST", "/api/cart/checkout-link", agent), 201);
  return new URL(url).pathname.split("/").at(-1)!;
}
