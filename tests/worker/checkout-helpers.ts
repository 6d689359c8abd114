import { expect } from "vitest";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { OrderAnswer } from "../../worker/orders";
import { call, homeAddress, newCustomer } from "./accounts-helpers";
import { json } from "./request";

/** Customers with an address and a cart, and orders placed for them through the API, in the food store. */

export const PANEER = 1;
export const NAAN = 16;

/** Saves an address for the customer and answers its id (the newest of the list the call answers). */
export async function saveAddress(token: string, changes: Record<string, unknown> = {}): Promise<number> {
  const response = await call("/api/address/add", { token, body: homeAddress(changes) });
  expect(response.status).toBe(201);
  const list = await json<{ addresses: { id: number }[] }>(response);
  return Math.max(...list.addresses.map((a) => a.id));
}

export function newKey(): string {
  return crypto.randomUUID();
}

/** Adds [product id, quantity] lines to the customer's cart. */
export async function addToCart(token: string, lines: [number, number][]): Promise<void> {
  for (const [product_id, quantity] of lines) {
    const added = await call("/api/cart/add", {
      token,
      body: { product_id, quantity, selected_attributes: {}, selected_multi_attributes: {} },
    });
    expect(added.status).toBe(201);
  }
}

/** A customer with a saved home address and a cart of paneer and naan. */
export async function shopperWithCart(
  lines: [number, number][] = [
    [PANEER, 1],
    [NAAN, 2],
  ],
) {
  const customer = await newCustomer();
  const addressId = await saveAddress(customer.token);
  await addToCart(customer.token, lines);
  return { ...customer, addressId };
}

export async function cartOf(token: string): Promise<CartAnswer> {
  return json<CartAnswer>(await call("/api/get-cart", { method: "GET", token }));
}

/** The total the customer would see at checkout: the cart priced at the address. */
export async function totalAt(token: string, addressId: number): Promise<number> {
  const response = await call("/api/cart/delivery-location", { method: "PUT", token, body: { address_id: addressId } });
  expect(response.status).toBe(200);
  return (await json<CartAnswer>(response)).total;
}

export function place(token: string, key: string | null, body: Record<string, unknown>) {
  return call("/api/place-order", { token, body, ...(key === null ? {} : { headers: { "Idempotency-Key": key } }) });
}

/** A new customer's order of `lines`, delivered to their home and paid as `payment_method` says. */
export async function placedOrder(lines?: [number, number][], changes: Record<string, unknown> = {}) {
  const shopper = await shopperWithCart(lines);
  const total = await totalAt(shopper.token, shopper.addressId);
  const body = { fulfillment: "delivery", address_id: shopper.addressId, payment_method: "cod", expected_total: total, ...changes };
  const response = await place(shopper.token, newKey(), body);
  expect(response.status).toBe(201);
  return { ...shopper, order: (await json<{ order: OrderAnswer }>(response)).order };
}
