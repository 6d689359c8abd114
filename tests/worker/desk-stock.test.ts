import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { StoreActor } from "../../commerce/store-actor";
import food from "../../stores/food.json";
import { setStock } from "../../worker/stock-admin/set-stock";
import { importStore } from "../../worker/store-import/import-store";
import { deskGet, deskPost, deskSignIn, FOOD_KITCHEN, FOOD_OWNER, RETAIL_OWNER } from "./desk-helpers";
import { EGG, GAJAR, INDIRANAGAR, KORAMANGALA, PANEER, stockLeft } from "./food-stock";
import { getPage, postForm, withoutPageMessages } from "./page-session";
import { request } from "./request";
import { storeOf } from "./settings-helpers";

/** Stock at the owner's desk (issue 41 part 3, decision 053): /admin/stock, through the owner API's own function. */

const FOOD = 1;

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const figure = (productId: number) => stockLeft(FOOD, productId);

/** What a shopper's product page says of the product's stock at the main branch: its structured data's availability. */
async function shopperSees(slug: string): Promise<string | undefined> {
  const html = withoutPageMessages(await (await getPage(`/product/${slug}`)).text());
  return /"availability":"https:\/\/schema\.org\/(\w+)"/.exec(html)?.[1];
}

/** The main branch's stock page's form for a product, as a browser sends it: the page's place is in its address. */
const AT_MAIN = `/admin/stock?branch=${INDIRANAGAR}`;
const setForm = (fields: Record<string, string>) => ({ product_id: String(PANEER), ...fields });

let owner = "";
beforeAll(async () => {
  owner = await deskSignIn(FOOD_OWNER);
});

describe("the stock page", () => {
  it("lists the main branch's products with their levels, a branch at a time, filtered by name and paged", async () => {
    const page = await deskGet("/admin/stock", owner);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await text(page);
    expect(html).toContain("<h1>Stock</h1>");
    expect(html).toContain("Stock at Spice Route Kitchen - Indiranagar");
    expect(html).toMatch(/<th scope="row" id="product-9">Egg Biryani<\/th><td>0 units \(Out of stock\)<\/td>/);
    expect(html).toMatch(/<th scope="row" id="product-1">Paneer Tikka<\/th><td>Not counted: sells without limit<\/td>/);
    expect(html).toContain('<a href="/admin/stock?branch=1&amp;page=2">Next page</a>');
    expect(html).not.toContain("Previous page");
    expect(html.match(/<tr>/g)?.length).toBe(21);

    const second = await text(await deskGet("/admin/stock?branch=1&page=2", owner));
    expect(second).toContain("Previous page");
    expect(second).not.toContain("Next page");
    expect(second).toMatch(/Gajar Halwa<\/th><td>3 units \(Only a few left\)/);

    const elsewhere = await text(await deskGet(`/admin/stock?branch=${KORAMANGALA}&q=HALWA`, owner));
    expect(elsewhere).toContain('<option value="2" selected="">Spice Route Kitchen - Koramangala</option>');
    expect(elsewhere).toMatch(/Gajar Halwa<\/th><td>40 units \(In stock\)/);
    expect(elsewhere).not.toContain("Egg Biryani");
    // Each product's form posts to the page it is on, which the answer goes back to.
    expect(elsewhere).toContain('<form method="post" action="/admin/stock?branch=2&amp;q=HALWA" class="row-form" novalidate="">');
    expect(await text(await deskGet("/admin/stock?q=no%20such%20dish", owner))).toContain(
      "No product&#x27;s name contains “no such dish”.",
    );
  });

  it("sets units, out of stock and not counted, which the shopper's product page says on its next request", async () => {
    expect(await shopperSees("paneer-tikka")).toBe("InStock");
    const set = await deskPost(AT_MAIN, setForm({ set: "units", quantity: " 3 " }), owner);
    expect(set.status).toBe(303);
    expect(set.headers.get("Location")).toBe("/admin/stock?branch=1&saved=1");
    expect(await figure(PANEER)).toBe(3);
    expect(await shopperSees("paneer-tikka")).toBe("LimitedAvailability");
    const saved = await text(await deskGet("/admin/stock?branch=1&saved=1", owner));
    expect(saved).toContain('<p role="status" class="done">Saved. Shoppers see the change on their next page.</p>');
    expect(saved).toMatch(/Paneer Tikka<\/th><td>3 units \(Only a few left\)/);

    expect((await deskPost(AT_MAIN, setForm({ set: "out", quantity: "" }), owner)).status).toBe(303);
    expect(await figure(PANEER)).toBe(0);
    expect(await shopperSees("paneer-tikka")).toBe("OutOfStock");

    // The form's filter and page come back in the address it answers with.
    const back = await deskPost(`${AT_MAIN}&q=paneer&page=2`, setForm({ set: "uncounted" }), owner);
    expect(back.headers.get("Location")).toBe("/admin/stock?branch=1&q=paneer&page=2&saved=1");
    expect(await figure(PANEER)).toBeNull();
    expect(await shopperSees("paneer-tikka")).toBe("InStock");
  });

  it("answers junk units with the page again and the message beside the product, changing nothing", async () => {
    for (const quantity of ["", "abc", "-1", "1.5", "1e3", "1000001", "12345678901234567890"]) {
      const refused = await deskPost(AT_MAIN, setForm({ product_id: String(EGG), set: "units", quantity }), owner);
      expect(refused.status, quantity).toBe(422);
      const html = await text(refused);
      expect(html).toContain('<p role="alert" id="product-9-problem" class="problem">Enter a whole number of units from 0 to 1000000.</p>');
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await figure(EGG)).toBe(0);
    const junk: Record<string, string>[] = [{ product_id: "x" }, { set: "delete" }, { product_id: "0" }];
    for (const fields of junk) {
      const refused = await deskPost(AT_MAIN, setForm({ set: "units", quantity: "1", ...fields }), owner);
      expect(refused.status).toBe(422);
      expect(await text(refused)).toContain("This form could not be read.");
    }
    const json = await request("food.localhost", AT_MAIN, {
      method: "POST",
      body: JSON.stringify(setForm({ set: "out" })),
      headers: { "Content-Type": "application/json", Origin: "http://food.localhost", Cookie: owner },
    });
    expect(json.status).toBe(400);
    expect((await deskPost(AT_MAIN, setForm({ set: "out", note: "x".repeat(200_000) }), owner)).status).toBe(413);
    expect(await figure(PANEER)).toBeNull();
  });

  it("refuses another store's product or branch as not found, and a cross-site post", async () => {
    const retail = await deskSignIn(RETAIL_OWNER, "retail.localhost");
    // The retail store has 15 products: the food store's Gajar Halwa is none of them.
    const foreign = await deskPost(AT_MAIN, setForm({ product_id: String(GAJAR), set: "out" }), retail, "retail.localhost");
    expect(foreign.status).toBe(404);
    expect(await text(foreign)).toContain("Dieser Shop hat kein Produkt mit der ID 32.");
    expect(await figure(GAJAR)).toBe(3);
    const noBranch = await deskPost("/admin/stock?branch=4", setForm({ set: "out" }), owner);
    expect(noBranch.status).toBe(404);
    expect(await text(noBranch)).toContain("This store has no branch with id 4.");
    expect((await deskPost("/admin/stock", setForm({ set: "out" }), owner)).status).toBe(404);
    expect((await deskGet("/admin/stock?branch=4", owner)).status).toBe(404);
    expect((await deskGet("/admin/stock?branch=junk", owner)).status).toBe(404);
    const crossSite = await request("food.localhost", AT_MAIN, {
      method: "POST",
      body: new URLSearchParams(setForm({ set: "out" })),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: owner },
    });
    expect(crossSite.status).toBe(403);
    expect(await figure(PANEER)).toBeNull();
  });

  it("is the owner's: the orders role is refused the page and the form, and setStock refuses it too", async () => {
    const kitchen = await deskSignIn(FOOD_KITCHEN);
    const page = await deskGet("/admin/stock", kitchen);
    expect(page.status).toBe(403);
    expect(await text(page)).toContain("Only the store&#x27;s owner may use this page.");
    expect((await deskPost(AT_MAIN, setForm({ set: "out" }), kitchen)).status).toBe(403);
    expect(await figure(PANEER)).toBeNull();
    const clerk = await env.DB.prepare("SELECT id FROM staff WHERE tenant_id = ?1 AND role = 'orders'").bind(FOOD).first<{ id: number }>();
    const actor: StoreActor = { kind: "staff", staffId: clerk!.id, role: "orders" };
    await expect(
      setStock(env.DB, await storeOf(FOOD), [{ product_id: PANEER, branch_id: INDIRANAGAR, quantity: 0 }], actor),
    ).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
    });
    expect(await figure(PANEER)).toBeNull();
    // Signed out: to the sign-in page, and a form sent then does nothing.
    expect((await deskGet("/admin/stock", "")).headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fstock");
    expect((await postForm(AT_MAIN, setForm({ set: "out" }))).status).toBe(401);
    expect(await figure(PANEER)).toBeNull();
  });

  it("keeps the figures a re-import writes: the file's own (decision 053)", async () => {
    expect((await deskPost(AT_MAIN, setForm({ set: "units", quantity: "7" }), owner)).status).toBe(303);
    await importStore(env, food, { pepper: env.PASSWORD_PEPPER, database: "DB" });
    expect(await figure(PANEER)).toBeNull();
  });
});
