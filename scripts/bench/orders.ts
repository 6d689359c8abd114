// Customers for the place-order target, through the real API: each with a saved address in the food store's delivery
// area and a cart of one plain product, delivered to that address, whose total the place form must name.
import { registerCustomer } from "./accounts";
import { send } from "./http";

export interface OrderingCustomer {
  token: string;
  addressId: number;
  /** The cart's total at that address, in major units, as the /checkout form sends it. */
  expectedTotal: string;
}

/** In the food store's delivery area (Bengaluru, 560038). */
const ADDRESS = {
  name: "Bench Shopper",
  phone: "+91 98000 00001",
  line1: "Flat 402, Lakeview Apartments",
  line2: "",
  landmark: "",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560038",
  latitude: 12.9784,
  longitude: 77.6408,
  label: "Home",
};

async function call(baseUrl: string, host: string, token: string, method: string, path: string, body: unknown, expect: number) {
  const headers = { Host: host, authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response = await send(method, `${baseUrl}${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
  if (response.status !== expect) throw new Error(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return JSON.parse(response.text) as unknown;
}

/** Adds one of the product to the customer's cart: one cart change against the cart limiter. */
async function fillOrderCart(baseUrl: string, host: string, token: string, productId: number): Promise<void> {
  await call(baseUrl, host, token, "POST", "/api/cart/add", { product_id: productId, quantity: 1 }, 201);
}

/**
 * A new customer with the address saved, the product in the cart and the cart delivering to the address. Costs one
 * registration (PBKDF2) and two cart changes.
 */
async function orderingCustomer(baseUrl: string, host: string, productId: number): Promise<OrderingCustomer> {
  const { token } = await registerCustomer(baseUrl, host);
  const { addresses } = (await call(baseUrl, host, token, "POST", "/api/address/add", ADDRESS, 201)) as { addresses: { id: number }[] };
  const addressId = addresses[0]!.id;
  await fillOrderCart(baseUrl, host, token, productId);
  const cart = (await call(baseUrl, host, token, "PUT", "/api/cart/delivery-location", { address_id: addressId }, 200)) as {
    total: number;
    is_delivery_available: boolean;
  };
  if (!cart.is_delivery_available) throw new Error("the bench address is outside the food store's delivery area");
  return { token, addressId, expectedTotal: String(cart.total) };
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The customers the place-order target takes turns with. An iteration takes the next customer whose cart is full;
 * between rounds, `refill` puts the product back in the carts of those taken (after checking the cart is empty: a
 * POST autocannon built but never sent leaves its customer's cart as it was). Each customer makes at most one cart
 * change and one order per round, far under the cart limiter's 120 a minute per shopper.
 */
export class OrderingPool {
  private customers: (OrderingCustomer & { taken: boolean })[] = [];
  private next = 0;
  private productId = 0;

  /** Registers `count` customers (one PBKDF2 each, so a few seconds) with a full cart each. */
  async prepare(baseUrl: string, host: string, productId: number, count: number): Promise<void> {
    this.productId = productId;
    const slots = Array.from({ length: count }, (_, i) => i);
    await eachLimited(slots, 10, async () => {
      this.customers.push({ ...(await orderingCustomer(baseUrl, host, productId)), taken: false });
    });
  }

  /** The next customer with a full cart; when none is left, the next one anyway (its POST is refused, and counted). */
  take(): OrderingCustomer {
    const n = this.customers.length;
    const offsets = Array.from({ length: n }, (_, i) => (this.next + i) % n);
    const index = offsets.find((i) => !this.customers[i]!.taken) ?? this.next % n;
    this.next = (index + 1) % n;
    const customer = this.customers[index]!;
    customer.taken = true;
    return customer;
  }

  async refill(baseUrl: string, host: string): Promise<void> {
    const taken = this.customers.filter((c) => c.taken);
    await eachLimited(taken, 10, async (customer) => {
      const cart = (await call(baseUrl, host, customer.token, "GET", "/api/get-cart", undefined, 200)) as { cartItems: unknown[] };
      if (cart.cartItems.length === 0) await fillOrderCart(baseUrl, host, customer.token, this.productId);
      customer.taken = false;
    });
  }
}
