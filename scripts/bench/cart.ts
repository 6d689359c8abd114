// Cart set-up for the cart targets, through the real API: product ids by slug or listing, and a guest's cart of N lines.
import { randomBytes } from "node:crypto";
import { send } from "./http";

export const newGuestId = () => randomBytes(16).toString("hex");

async function getJson(url: string, host: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await send("GET", url, { Host: host, ...headers });
  if (response.status !== 200) throw new Error(`GET ${url} (Host ${host}) answered ${response.status}`);
  return JSON.parse(response.text);
}

/** A product's id by its slug (GET /api/get-product). */
export async function productId(baseUrl: string, host: string, slug: string): Promise<number> {
  const product = (await getJson(`${baseUrl}/api/get-product?slug=${encodeURIComponent(slug)}`, host)) as { id: number };
  return product.id;
}

/**
 * Fills a guest's cart with `lines` lines, one product each, in listing order (GET /api/get-products). Products the
 * cart refuses without options (422: an option must be chosen) are skipped, so every line is a plain product.
 */
export async function fillCart(baseUrl: string, host: string, guestId: string, lines: number): Promise<void> {
  let added = 0;
  const refused: Record<string, number> = {};
  for (let page = 1; added < lines; page++) {
    const listing = (await getJson(`${baseUrl}/api/get-products?page=${page}&per_page=48`, host)) as {
      data: { id: number }[];
      last_page: number;
    };
    for (const { id } of listing.data) {
      if (added === lines) break;
      const response = await send(
        "POST",
        `${baseUrl}/api/cart/add`,
        { Host: host, "guest-id": guestId, "content-type": "application/json" },
        JSON.stringify({ product_id: id, quantity: 1 }),
      );
      if (response.status === 201) added++;
      else if (response.status === 422) refused[response.status] = (refused[response.status] ?? 0) + 1;
      else throw new Error(`POST /api/cart/add (product ${id}) answered ${response.status}`);
    }
    if (page >= listing.last_page) break;
  }
  if (added < lines) throw new Error(`only ${added} of ${lines} lines could be added (refused: ${JSON.stringify(refused)})`);
  // The cart answer is what get-cart returns: check it has the lines, so the target measures the cart it claims to.
  const cart = (await getJson(`${baseUrl}/api/get-cart`, host, { "guest-id": guestId })) as { cartItems?: unknown[] };
  if (cart.cartItems?.length !== lines) throw new Error(`get-cart shows ${cart.cartItems?.length} lines, expected ${lines}`);
}
