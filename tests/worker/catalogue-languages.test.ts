import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import souq from "../../stores/souq.json";
import { importStore } from "../../worker/store-import/import-store";
import { getPage } from "./page-session";

// Issue 40 item 1: the catalogue pages' own words (listings, filters, the product page, its delivery check, the 404
// page and the titles `meta` writes) come from the page's catalogue: English as the spec writes it, Hindi at food's /hi,
// Arabic on souq, whose own language it is. Store content (names, descriptions) stays as the store wrote it.

const html = async (path: string, host?: string) => {
  const response = await getPage(path, "", host);
  return { status: response.status, body: await response.text() };
};
/** The text of the element with this test id, tags and React's text separators left out. */
const text = (body: string, testId: string) =>
  body
    .match(new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(?:span|p|div|h1)>`))?.[1]
    ?.replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .trim();
const title = (body: string) => body.match(/<title>([^<]*)<\/title>/)?.[1];

describe("the catalogue pages' words", () => {
  it("are the spec's English in the store's own language", async () => {
    const search = await html("/search?q=biryani");
    expect(text(search.body, "result-count")).toMatch(/^\d+ results for “biryani”$/);
    expect(search.body).toContain(">Sort by<");
    expect(title(search.body)).toBe("Search: biryani");
    const check = await html("/product/butter-naan?pincode=570001");
    expect(text(check.body, "pincode-check-result")).toBe("Sorry! We don't deliver to 570001.");
  });

  it("are Hindi under /hi: the count, the filters, the delivery check and the 404 page with its title", async () => {
    const search = await html("/hi/search?q=biryani");
    expect(text(search.body, "result-count")).toMatch(/^“biryani” के लिए \d+ नतीजे$/);
    expect(search.body).toContain(">क्रम<"); // 'Sort by'
    expect(search.body).not.toContain(">Sort by<");
    expect(title(search.body)).toBe("खोज: biryani");
    const check = await html("/hi/product/butter-naan?pincode=570001");
    expect(text(check.body, "pincode-check-result")).toBe("माफ़ कीजिए! हम 570001 पर डिलीवरी नहीं करते।");
    // The product's own words are the store's.
    expect(check.body).toContain(">Butter Naan</h1>");
    const missing = await html("/hi/product/no-such-product");
    expect(missing.status).toBe(404);
    expect(title(missing.body)).toBe("पेज नहीं मिला");
    expect(missing.body).toContain("स्टोर पर वापस जाएँ"); // 'Back to the store'
  });

  it("are Arabic on a store written in Arabic, plurals included", async () => {
    // The setup imports the stores the other files need; the right-to-left demo store only the files that ask.
    await importStore(env, souq, { pepper: env.PASSWORD_PEPPER, database: "DB" });
    const category = await html("/category/clothing", "souq.localhost");
    expect(category.status).toBe(200);
    expect(category.body).toContain(">الترتيب حسب<"); // 'Sort by'
    expect(text(category.body, "result-count")).toMatch(/^(منتج واحد|منتجان|\S+ منتجات|\S+ منتجًا|\S+ منتج)$/);
    expect(category.body).not.toMatch(/>(Sort by|Filters|Apply|Add to Cart)</);
  });
});
