import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { moveCartSteps } from "../../worker/cart/merge-cart";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import type { SearchPage } from "../../worker/catalog/search-products";
import { namedBatch } from "../../worker/db/batch";
import type { StoreData } from "../../worker/store-data/store-data";
import { call } from "./accounts-helpers";
import { newKey, shopperWithCart } from "./checkout-helpers";
import { refusedFoodImport } from "./import-refusal";
import { guestCall, newGuest, request } from "./request";

// The food store's demo data (stores/food.json): Mutton Biryani (₹449, in the "Biryani house" strip) and Kulfi Falooda
// (in "Chef's specials") are not sold at branch 3 (Jayanagar), Tandoori Chicken Pizza not at branch 2.
const MUTTON = 7;
const KULFI = 31;
const PIZZA = 27;
const NAAN = 16; // ₹55, sold everywhere
const JAYANAGAR = 3;
const KORAMANGALA = 2;

async function foodId(): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const get = <T>(path: string, guest: string | null = null) => guestCall("GET", path, guest).then((r) => ok<T>(r));
const add = (guest: string, productId: number, branchId: number, quantity = 1) =>
  guestCall("POST", `/api/cart/add?branch_id=${branchId}`, guest, { product_id: productId, quantity });
const ids = (cards: ProductCard[]) => cards.map((p) => p.id);

async function cartRows(owner: string) {
  const { results } = await env.DB.prepare(
    `SELECT c.branch_id, c.coupon_code, i.product_id, i.quantity FROM carts c LEFT JOIN cart_items i ON i.cart_id = c.id
     WHERE c.owner = ?1 ORDER BY c.branch_id, i.product_id`,
  )
    .bind(owner)
    .all();
  return results;
}

async function move(owner: string, from: number, to: number) {
  await namedBatch(env.DB, { moves: moveCartSteps(env.DB, await foodId(), owner, from, to) });
}

describe("import: products unavailable at branches", () => {
  it("writes the demo store's rows, and refuses a branch id the file does not have, naming the field", async () => {
    const { results } = await env.DB.prepare(
      "SELECT product_id, branch_id FROM branch_unavailable_products WHERE tenant_id = ?1 ORDER BY product_id",
    )
      .bind(await foodId())
      .all();
    expect(results).toEqual([
      { product_id: MUTTON, branch_id: JAYANAGAR },
      { product_id: PIZZA, branch_id: KORAMANGALA },
      { product_id: KULFI, branch_id: JAYANAGAR },
    ]);

    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM branch_unavailable_products").first<{ n: number }>())!.n;
    const before = await count();
    const refused = refusedFoodImport;
    expect(
      await refused((s) => {
        (s.products[4] as { unavailable_at_branches?: number[] }).unavailable_at_branches = [1, 9];
      }),
    ).toMatch(/products\[4\]\.unavailable_at_branches\[1\]: no branch has id 9/);
    expect(
      await refused((s) => {
        (s.products[0] as { unavailable_at_branches?: number[] }).unavailable_at_branches = [2, 2];
      }),
    ).toMatch(/products\[0\]\.unavailable_at_branches\[1\]: branch id 2 is used twice/);
    expect(
      await refused((s) => {
        (s.products[0] as { unavailable_at_branches?: unknown }).unavailable_at_branches = ["3"];
      }),
    ).toMatch(/products\[0\]\.unavailable_at_branches\[0\]/);
    expect(await count()).toBe(before);
  });
});

describe("lists, search, home blocks and recommendations leave out what the branch does not sell", () => {
  it("all products and a category's, with exact totals", async () => {
    const all1 = await get<Page<ProductCard>>("/api/get-products?per_page=48&branch_id=1");
    const all3 = await get<Page<ProductCard>>(`/api/get-products?per_page=48&branch_id=${JAYANAGAR}`);
    expect(all1.total).toBe(food.products.length);
    expect(ids(all1.data)).toEqual(expect.arrayContaining([MUTTON, KULFI, PIZZA]));
    expect(all3.total).toBe(food.products.length - 2);
    expect(ids(all3.data)).not.toContain(MUTTON);
    expect(ids(all3.data)).not.toContain(KULFI);
    expect(ids(all3.data)).toContain(PIZZA);
    // Paging stays full: the page after the first holds the next sold products, none skipped or repeated.
    const pages = await Promise.all(
      [1, 2, 3].map((page) => get<Page<ProductCard>>(`/api/get-products?per_page=12&page=${page}&branch_id=${JAYANAGAR}`)),
    );
    expect(pages.flatMap((p) => ids(p.data))).toEqual(ids(all3.data));

    const biryani = (branch: number) => get<Page<ProductCard>>(`/api/get-category-products?slug=biryani&branch_id=${branch}`);
    expect(ids((await biryani(1)).data)).toContain(MUTTON);
    expect((await biryani(JAYANAGAR)).total).toBe((await biryani(1)).total - 1);
    expect(ids((await biryani(JAYANAGAR)).data)).not.toContain(MUTTON);
    const pizzas = (branch: number) => get<Page<ProductCard>>(`/api/get-category-products?slug=pizzas&branch_id=${branch}`);
    expect(ids((await pizzas(KORAMANGALA)).data)).not.toContain(PIZZA);
    expect(ids((await pizzas(JAYANAGAR)).data)).toContain(PIZZA);
  });

  it("search", async () => {
    const search = (q: string, branch: number) =>
      get<SearchPage<ProductCard>>(`/api/search-products?q=${encodeURIComponent(q)}&branch_id=${branch}`);
    expect(ids((await search("mutton biryani", 1)).data)).toContain(MUTTON);
    const there = await search("mutton biryani", JAYANAGAR);
    expect(ids(there.data)).not.toContain(MUTTON);
    expect(there.total).toBe((await search("mutton biryani", 1)).total - 1);
    expect(await search("kulfi", JAYANAGAR)).toMatchObject({ data: [], total: 0 });
    expect(ids((await search("kulfi", KORAMANGALA)).data)).toEqual([KULFI]);
  });

  it("the home snapshot's product blocks, one snapshot per branch", async () => {
    const blocks = async (branch: number) => {
      const data = await get<StoreData>(`/api/get-data?branch_id=${branch}`);
      return Object.fromEntries(
        data.layout
          .filter((e) => e.code === "products_display" || e.code === "product_horizontal_strip")
          .map((e) => [(e.data as { title: string }).title, ids((e.data as { products: ProductCard[] }).products)]),
      );
    };
    const main = await blocks(1);
    const jayanagar = await blocks(JAYANAGAR);
    expect(main["Chef's specials"]).toContain(KULFI);
    expect(main["Biryani house"]).toContain(MUTTON);
    expect(jayanagar["Chef's specials"]).toEqual(main["Chef's specials"]!.filter((id) => id !== KULFI));
    expect(jayanagar["Biryani house"]).toEqual(main["Biryani house"]!.filter((id) => id !== MUTTON));
    // Asked again (now from the cache), each branch still gets its own.
    expect(await blocks(1)).toEqual(main);
    expect(await blocks(JAYANAGAR)).toEqual(jayanagar);
  });

  it("cart recommendations", async () => {
    const guest = newGuest();
    await ok(await add(guest, 30, JAYANAGAR), 201); // Rasmalai: its fellow dessert Kulfi Falooda would be suggested
    const there = await get<ProductCard[]>(`/api/get-cart-recommended-products?branch_id=${JAYANAGAR}`, guest);
    expect(ids(there)).toEqual(expect.arrayContaining([29, 32]));
    expect(ids(there)).not.toContain(KULFI);
    const anyone = await get<ProductCard[]>(`/api/get-cart-recommended-products?branch_id=${JAYANAGAR}`);
    expect(ids(anyone)).not.toContain(MUTTON);
  });
});

describe("the product page and adding", () => {
  it("answers the product with available false, and refuses adding it with nothing changed", async () => {
    expect(await get<ProductDetail>("/api/get-product?slug=mutton-biryani&branch_id=1")).toMatchObject({ id: MUTTON, available: true });
    expect(await get<ProductDetail>(`/api/get-product?slug=mutton-biryani&branch_id=${JAYANAGAR}`)).toMatchObject({
      id: MUTTON,
      name: "Mutton Biryani",
      available: false,
    });
    const guest = newGuest();
    const refused = await add(guest, MUTTON, JAYANAGAR);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: "product_unavailable", message: "This item is not available at this branch." });
    expect(await cartRows(`guest:${guest}`)).toEqual([]);
  });

  it("the page says so instead of offering to add it, with and without a form post", async () => {
    const page = (branch: number) =>
      request("food.localhost", "/product/mutton-biryani", { headers: { Cookie: `branch_id=${branch}` } }).then((r) => r.text());
    const there = await page(JAYANAGAR);
    expect(there).toContain("Mutton Biryani");
    expect(there).toMatch(/data-testid="product-unavailable"[^>]*>Not available at (<!-- -->)?Spice Route Kitchen - Jayanagar/);
    expect(there).not.toContain('data-testid="add-to-cart"');
    const main = await page(1);
    expect(main).not.toContain('data-testid="product-unavailable"');

    // A form posted anyway (an old tab) is refused with the API's message, and the cart stays empty.
    const guest = newGuest();
    const posted = await request("food.localhost", "/product/mutton-biryani", {
      method: "POST",
      headers: {
        Cookie: `branch_id=${JAYANAGAR}; guest_id=${guest}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://food.localhost",
      },
      body: new URLSearchParams({ product_id: String(MUTTON), quantity: "1" }),
    });
    expect(await posted.text()).toContain("This item is not available at this branch.");
    expect(await cartRows(`guest:${guest}`)).toEqual([]);
  });
});

describe("a cart line the branch does not sell", () => {
  it("is shown as unavailable and counts in no figure, and counts again back at a branch that sells it", async () => {
    const guest = newGuest();
    await ok(await add(guest, MUTTON, 1), 201);
    const before = await ok<CartAnswer>(await add(guest, NAAN, 1, 2), 201);
    expect(before.subtotal).toBe(449 + 110);

    await move(`guest:${guest}`, 1, JAYANAGAR);
    const cart = await get<CartAnswer>(`/api/get-cart?branch_id=${JAYANAGAR}`, guest);
    expect(cart.cartItems).toEqual([
      expect.objectContaining({ product_id: MUTTON, name: "Mutton Biryani", available: false, unavailable_at_branch: true }),
      expect.objectContaining({ product_id: NAAN, quantity: 2, available: true, unavailable_at_branch: false }),
    ]);
    expect(cart.subtotal).toBe(110);
    expect(cart.cartDetails).toMatchObject({ item_count: 2, line_count: 2, branch_id: JAYANAGAR });
    expect(cart.adjusted_cart_items).toEqual([expect.objectContaining({ cart_item_id: cart.cartItems[0]!.id, reason: "unavailable" })]);

    // The cart page says why, beside the line's Remove button, and its total leaves the line out.
    const html = await (
      await request("food.localhost", "/cart", { headers: { Cookie: `guest_id=${guest}; branch_id=${JAYANAGAR}` } })
    ).text();
    expect(html).toMatch(/data-testid="cart-line-unavailable"[^>]*>Not available at this branch</);

    // Back at a branch that sells it, the line counts again.
    await move(`guest:${guest}`, JAYANAGAR, 1);
    const back = await get<CartAnswer>("/api/get-cart?branch_id=1", guest);
    expect(back.cartItems.every((i) => i.available && !i.unavailable_at_branch)).toBe(true);
    expect(back.subtotal).toBe(449 + 110);
  });
  it("refuses checkout while the cart holds one, until it is removed", async () => {
    const shopper = await shopperWithCart([
      [MUTTON, 1],
      [NAAN, 2],
    ]);
    await move(`customer:${shopper.id}`, 1, JAYANAGAR);
    const at = `?branch_id=${JAYANAGAR}`;
    const located = await call(`/api/cart/delivery-location${at}`, {
      method: "PUT",
      token: shopper.token,
      body: { address_id: shopper.addressId },
    });
    const cart = await ok<CartAnswer>(located);
    const body = { fulfillment: "delivery", address_id: shopper.addressId, payment_method: "cod", expected_total: cart.total };
    const refused = await call(`/api/place-order${at}`, { token: shopper.token, body, headers: { "Idempotency-Key": newKey() } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "unavailable_items" });
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner = ?1")
      .bind(`customer:${shopper.id}`)
      .first<{ n: number }>();
    expect(orders?.n).toBe(0);

    const line = cart.cartItems.find((i) => i.product_id === MUTTON)!;
    const removed = await ok<CartAnswer>(await call(`/api/cart/remove/${line.id}${at}`, { method: "DELETE", token: shopper.token }));
    expect(removed.cartItems.map((i) => i.product_id)).toEqual([NAAN]);
    const placed = await call(`/api/place-order${at}`, {
      token: shopper.token,
      body: { ...body, expected_total: removed.total },
      headers: { "Idempotency-Key": newKey() },
    });
    // Whatever else the branch says of the address, the cart's lines are no longer the reason.
    expect(((await placed.json()) as { code?: string }).code).not.toBe("unavailable_items");
  });
});

describe("the cart follows the shopper to a new branch", () => {
  it("moves the lines and the coupon, adding to lines already there (capped), and leaves other carts alone", async () => {
    const guest = newGuest();
    const other = newGuest();
    await ok(await add(guest, NAAN, 1, 60), 201);
    await ok(await add(guest, 1, 1, 1), 201);
    await ok(await guestCall("POST", "/api/cart/apply-coupon?branch_id=1", guest, { code: "FEAST20" }));
    await ok(await add(guest, NAAN, JAYANAGAR, 50), 201);
    await ok(await add(guest, NAAN, KORAMANGALA, 3), 201);
    await ok(await add(other, NAAN, 1, 4), 201);
    const otherBefore = await cartRows(`guest:${other}`);

    await move(`guest:${guest}`, 1, JAYANAGAR);
    expect(await cartRows(`guest:${guest}`)).toEqual([
      { branch_id: KORAMANGALA, coupon_code: null, product_id: NAAN, quantity: 3 },
      { branch_id: JAYANAGAR, coupon_code: "FEAST20", product_id: 1, quantity: 1 },
      { branch_id: JAYANAGAR, coupon_code: "FEAST20", product_id: NAAN, quantity: 99 },
    ]);
    expect(await cartRows(`guest:${other}`)).toEqual(otherBefore);

    // Moving to the same branch, or from a branch without a cart, changes nothing.
    expect(moveCartSteps(env.DB, await foodId(), `guest:${guest}`, JAYANAGAR, JAYANAGAR)).toBeUndefined();
    await move(`guest:${guest}`, 1, JAYANAGAR);
    expect((await cartRows(`guest:${guest}`)).length).toBe(3);
  });

  it("keeps the new cart's own coupon", async () => {
    const guest = newGuest();
    await ok(await add(guest, NAAN, 1), 201);
    await ok(await guestCall("POST", "/api/cart/apply-coupon?branch_id=1", guest, { code: "FEAST20" }));
    await ok(await add(guest, NAAN, JAYANAGAR), 201);
    await ok(await guestCall("POST", `/api/cart/apply-coupon?branch_id=${JAYANAGAR}`, guest, { code: "WELCOME50" }));
    await move(`guest:${guest}`, 1, JAYANAGAR);
    expect(await cartRows(`guest:${guest}`)).toEqual([{ branch_id: JAYANAGAR, coupon_code: "WELCOME50", product_id: NAAN, quantity: 2 }]);
  });

  it("moves the lines once when two choices run at the same time", async () => {
    const guest = newGuest();
    await ok(await add(guest, NAAN, 1, 5), 201);
    await ok(await add(guest, MUTTON, 1, 2), 201);
    await Promise.all([move(`guest:${guest}`, 1, JAYANAGAR), move(`guest:${guest}`, 1, JAYANAGAR)]);
    expect(await cartRows(`guest:${guest}`)).toEqual([
      { branch_id: JAYANAGAR, coupon_code: null, product_id: MUTTON, quantity: 2 },
      { branch_id: JAYANAGAR, coupon_code: null, product_id: NAAN, quantity: 5 },
    ]);

    // Two different choices at once: the lines end up whole at one of the two branches, never split or doubled.
    await Promise.all([move(`guest:${guest}`, JAYANAGAR, 1), move(`guest:${guest}`, JAYANAGAR, KORAMANGALA)]);
    const rows = await cartRows(`guest:${guest}`);
    expect(rows.map((r) => ({ product_id: r.product_id, quantity: r.quantity }))).toEqual([
      { product_id: MUTTON, quantity: 2 },
      { product_id: NAAN, quantity: 5 },
    ]);
    expect(new Set(rows.map((r) => r.branch_id)).size).toBe(1);
  });
});

describe("POST /api/select-branch carries the shopper's cart", () => {
  const select = (guest: string, from: number, to: unknown) =>
    guestCall("POST", `/api/select-branch?branch_id=${from}`, guest, { branch_id: to });

  it("moves the lines from the call's branch to the chosen one, where an unsold line is marked", async () => {
    const guest = newGuest();
    const other = newGuest();
    await ok(await add(guest, MUTTON, 1), 201);
    await ok(await add(guest, NAAN, 1, 2), 201);
    await ok(await add(other, NAAN, 1, 4), 201);
    const otherBefore = await cartRows(`guest:${other}`);

    // Refused choices move nothing.
    expect((await select(guest, 1, 99)).status).toBe(404);
    expect((await select(guest, 1, "3")).status).toBe(400);
    expect((await cartRows(`guest:${guest}`)).every((r) => r.branch_id === 1)).toBe(true);

    expect((await ok<{ branch: { id: number } }>(await select(guest, 1, JAYANAGAR))).branch.id).toBe(JAYANAGAR);
    const cart = await get<CartAnswer>(`/api/get-cart?branch_id=${JAYANAGAR}`, guest);
    expect(cart.cartItems.map((i) => [i.product_id, i.quantity, i.available])).toEqual([
      [MUTTON, 1, false],
      [NAAN, 2, true],
    ]);
    expect(cart.total).toBeGreaterThan(0);
    expect(cart.subtotal).toBe(110);
    expect((await get<CartAnswer>("/api/get-cart?branch_id=1", guest)).cartItems).toEqual([]);
    expect(await cartRows(`guest:${other}`)).toEqual(otherBefore);

    // Choosing the branch one is at, or choosing without a cart, changes nothing and is not refused.
    await ok(await select(guest, JAYANAGAR, JAYANAGAR));
    await ok(await select(newGuest(), 1, JAYANAGAR));
    await ok(
      await request("food.localhost", "/api/select-branch", {
        method: "POST",
        body: JSON.stringify({ branch_id: 2 }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect((await get<CartAnswer>(`/api/get-cart?branch_id=${JAYANAGAR}`, guest)).cartItems).toHaveLength(2);
  });

  it("moves the lines once when the same choice is sent twice at once", async () => {
    const guest = newGuest();
    await ok(await add(guest, NAAN, 1, 3), 201);
    const answers = await Promise.all([select(guest, 1, KORAMANGALA), select(guest, 1, KORAMANGALA)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await cartRows(`guest:${guest}`)).toEqual([{ branch_id: KORAMANGALA, coupon_code: null, product_id: NAAN, quantity: 3 }]);
  });
});
