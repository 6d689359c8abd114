import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import retail from "../../stores/retail.json";
import { request } from "./request";

describe("pages rendered by Remix inside workerd", () => {
  it("renders the food home with every block, the store's title and theme colour", async () => {
    const response = await request("food.localhost", "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`<title>${food.settings.seo_meta_title}</title>`);
    expect(html).toContain(`--brand:${food.settings.storeBgColor}`);
    for (const element of food.layout.filter((e) => e.code !== "top_nav" && e.code !== "bottom_nav")) {
      expect(html).toContain(`data-testid="block-${element.code}"`);
    }
    expect(html).toContain("₹");
    expect(html).toContain('data-testid="powered-by"');
  });

  it("renders the retail store with its own name and the currency symbol after the amount", async () => {
    const html = await (await request("retail.localhost", "/")).text();
    expect(html).toContain(retail.settings.storeName);
    expect(html).not.toContain(food.settings.storeName);
    expect(html).toMatch(/\d,\d{2}\s€/);
  });

  it("renders the preview home for a store without products", async () => {
    const html = await (await request("new.localhost", "/")).text();
    for (const text of ["Search for products...", "Welcome to your store!", "Popular Categories"]) {
      expect(html).toContain(text);
    }
    // The demo store names no admin origin: its buttons lead to the store's own desk (preview-home.test.ts has more).
    expect(html).toContain('href="/admin/catalogue#theme"');
    expect(html.match(/data-testid="sample-product"/g)).toHaveLength(5);
  });

  it("answers the next page of products for the no-JavaScript Load more link", async () => {
    const html = await (await request("food.localhost", "/?page=2")).text();
    const second = food.products[12];
    expect(html).toContain(second?.name);
    expect(html).toContain('href="?page=3#all-products"');
  });

  it("treats an unusable ?page as the first page instead of failing", async () => {
    for (const page of ["abc", "-4", "1e99"]) {
      expect((await request("food.localhost", `/?page=${page}`)).status).toBe(200);
    }
  });

  it("answers an unknown path with the not-found page and status 404", async () => {
    for (const path of ["/no-such-page", "/404", "/deep/er/path"]) {
      const response = await request("food.localhost", path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('data-testid="not-found"');
    }
  });

  it("answers an unknown hostname with a plain 404 page that names no store", async () => {
    const response = await request("unknown.localhost", "/");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Store not found");
    expect(html).not.toMatch(new RegExp(`${food.settings.storeName}|${retail.settings.storeName}`));
  });
});

describe("response headers", () => {
  it("sets the security headers, and a CSP whose nonce is on Remix's inline scripts", async () => {
    const response = await request("food.localhost", "/");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'self'"]) {
      expect(csp).toContain(directive);
    }
    const html = await response.text();
    // Every script the browser runs: the page's messages are JSON, data that CSP does not govern (decision 081).
    const inlineScripts = html.match(/<script(?![^>]*\b(src=|type="application\/json"))[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("answers the plain-text floor route without a store", async () => {
    const response = await request("anything.localhost", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});
