import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { request } from "./request";

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "null"));
}

/** The <input> tag with this name and value, whatever the order of its attributes. */
function inputTag(html: string, name: string, value: string): string | undefined {
  return html.match(/<input[^>]*>/g)?.find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
}

describe("catalogue pages rendered inside workerd", () => {
  it("gives a product page its SEO title, canonical URL and Product and BreadcrumbList data", async () => {
    const response = await request("food.localhost", "/product/margherita-pizza");
    expect(response.status).toBe(200);
    const html = await response.text();
    const settings = food.settings as Record<string, string>;
    const title = `${settings.seoProductTitlePrefix ?? ""}Margherita Pizza${settings.seoProductTitleSuffix ?? ""}`.trim();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain('<link rel="canonical" href="http://food.localhost/product/margherita-pizza"/>');
    const [product, breadcrumbs] = jsonLd(html);
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Margherita Pizza",
      offers: { "@type": "Offer", price: "199.00", priceCurrency: "INR" },
      aggregateRating: { reviewCount: 14 },
    });
    expect(breadcrumbs).toMatchObject({ "@type": "BreadcrumbList" });
    const trail = (breadcrumbs as { itemListElement: { name: string }[] }).itemListElement;
    expect(trail.map((i) => i.name)).toEqual(["Home", "Pizzas", "Margherita Pizza"]);
  });

  it("serves a product found by id with the slug's canonical URL", async () => {
    const html = await (await request("food.localhost", "/product/26")).text();
    expect(html).toContain('<link rel="canonical" href="http://food.localhost/product/margherita-pizza"/>');
  });

  it("renders the no-JavaScript option form with radio buttons and checkboxes in the spec's payload fields", async () => {
    const html = await (await request("food.localhost", "/product/margherita-pizza")).text();
    expect(html).toMatch(/<form method="post" action="\/product\/margherita-pizza"/);
    expect(html).toContain('name="product_id" value="26"');
    expect(html).toContain('name="quantity" value="1"');
    expect(inputTag(html, "selected_attributes[2601]", "2610")).toMatch(/type="radio".*checked=""/);
    expect(inputTag(html, "selected_multi_attributes[2670][]", "2675")).toMatch(/type="checkbox"/);
    // Nothing is disabled before the browser can follow the shopper's clicks.
    expect(html).not.toMatch(/name="selected_attributes\[\d+\]"[^>]*disabled/);
  });

  it("answers the add action with the option rules' messages, keeping the choices", async () => {
    const post = (body: Record<string, string | string[]>) => {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(body)) for (const v of [value].flat()) form.append(key, v);
      return request("food.localhost", "/product/margherita-pizza", {
        method: "POST",
        body: form,
        // As a browser sends it; Remix compares Origin with Host before running an action.
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://food.localhost", Host: "food.localhost" },
      });
    };
    const impossible = await post({
      product_id: "26",
      quantity: "1",
      "selected_attributes[2601]": "2610",
      "selected_attributes[2602]": "2614",
    });
    expect(impossible.status).toBe(422);
    const html = await impossible.text();
    expect(html).toContain("This combination is not available");
    expect(inputTag(html, "selected_attributes[2602]", "2614")).toContain('checked=""');

    const thali = await post({ product_id: "15", quantity: "1", "selected_multi_attributes[1570][]": "1575" });
    expect(thali.status).toBe(422);
    expect(await thali.text()).toContain("Please select at least 2 options for Curries");

    const refused: Record<string, string>[] = [
      { product_id: "abc" },
      { product_id: "26", quantity: "0" },
      { product_id: "26", quantity: "-3" },
      { product_id: "999999" },
    ];
    for (const bad of refused) {
      const response = await post(bad);
      expect(response.status, JSON.stringify(bad)).toBe(422);
    }
    const ok = await post({ product_id: "26", quantity: "1", "selected_attributes[2601]": "2611", "selected_attributes[2602]": "2614" });
    // Without JavaScript an add goes on to the cart: POST → 303 → GET /cart.
    expect(ok.status).toBe(303);
    expect(new URL(ok.headers.get("Location") ?? "", "http://food.localhost").pathname).toBe("/cart");
  });

  it("gives a category page its canonical URL and breadcrumbs, and pages without JavaScript", async () => {
    const html = await (await request("food.localhost", "/category/biryani?page=1")).text();
    expect(html).toContain('<link rel="canonical" href="http://food.localhost/category/biryani"/>');
    expect(jsonLd(html)[0]).toMatchObject({ "@type": "BreadcrumbList" });
    expect((await request("food.localhost", "/category/no-such-category")).status).toBe(404);
  });

  it("renders a search for a query, an empty form without one, and never fails on odd input", async () => {
    const results = await (await request("food.localhost", "/search?q=dosa")).text();
    expect(results).toContain("Masala Dosa");
    expect(results).toContain('name="robots" content="noindex, follow"');
    for (const q of ["", "%22", "*", "NEAR(", "a".repeat(500)]) {
      expect((await request("food.localhost", `/search?q=${q}`)).status, q).toBe(200);
    }
  });

  it("publishes robots.txt and a sitemap index whose files list every page, category and product", async () => {
    const robots = await (await request("food.localhost", "/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://food.localhost/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
    const index = await (await request("food.localhost", "/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    // Each file again under the prefix of each language the store offers (food.json: Hindi, decision 078).
    expect(files).toEqual(["/sitemap/pages", "/sitemap/products/1", "/hi/sitemap/pages", "/hi/sitemap/products/1"]);
    const locs = async (path: string) =>
      [...(await (await request("food.localhost", path)).text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(await locs("/sitemap/pages")).toEqual([
      "/",
      ...food.categories.map((c) => `/category/${c.slug}`),
      ...food.pages.map((p) => `/page/${p.slug}`),
    ]);
    expect(await locs("/sitemap/products/1")).toEqual(food.products.map((p) => `/product/${p.slug}`));
    expect((await request("food.localhost", "/sitemap/products/2")).status).toBe(404);
    expect((await request("food.localhost", "/sitemap/products/abc")).status).toBe(404);
  });
});
