import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INITIAL_JS_GOAL, initialJs, MESSAGES_GOAL, PAGE_ROUTES, type RouteJs } from "../../scripts/bench/sizes";

/** The suggestions' combobox (app/components/predictive-search.client.tsx), fetched on a search box's first focus. */
const COMBOBOX_CHUNK = /^\/?assets\/predictive-search\.client-[\w-]+\.js$/;

/** The product cards, which the cart shows only in its suggestions, hydrated after the page (decision 072). */
const PRODUCT_CARD_CHUNK = /^\/?assets\/product-card-[\w-]+\.js$/;

describe("the browser's initial JavaScript (build/client, the Remix manifest)", () => {
  const pages = initialJs(PAGE_ROUTES);
  const measured = pages.filter((page): page is RouteJs => "files" in page);

  it("measures every page", () => {
    expect(pages.filter((page) => "skipped" in page)).toEqual([]);
  });

  it("leaves the search combobox out of every page's initial JS; it is a chunk of its own", () => {
    expect(readdirSync("build/client/assets").filter((file) => COMBOBOX_CHUNK.test(`assets/${file}`))).toHaveLength(1);
    for (const page of measured)
      expect(
        page.files.filter((file) => COMBOBOX_CHUNK.test(file)),
        page.label,
      ).toEqual([]);
  });

  it(`keeps the home, product, category, search and cart pages' messages within ${MESSAGES_GOAL.kib} KiB and their code with them within ${INITIAL_JS_GOAL.kib + MESSAGES_GOAL.kib} KiB, in every language (issues 39 and 40, decision 081)`, () => {
    const pages = measured.filter((page) => INITIAL_JS_GOAL.pages.includes(page.label));
    expect(pages.map((page) => page.label).sort()).toEqual([...INITIAL_JS_GOAL.pages].sort());
    for (const page of pages) {
      expect(Object.keys(page.messages).sort(), page.label).toEqual(["ar", "de", "en", "hi"]);
      for (const [language, { count, gzipBytes }] of Object.entries(page.messages)) {
        // Every page shows words of its own first chunks (the nav's at least).
        expect(count, `${page.label} ${language}`).toBeGreaterThan(10);
        expect(gzipBytes, `${page.label} ${language}`).toBeLessThanOrEqual(MESSAGES_GOAL.kib * 1024);
        expect(page.gzipBytes + gzipBytes, `${page.label} ${language}`).toBeLessThanOrEqual(
          (INITIAL_JS_GOAL.kib + MESSAGES_GOAL.kib) * 1024,
        );
      }
    }
  });

  it("leaves the product cards out of the cart's initial JS; its suggestions fetch them after hydrating", () => {
    expect(readdirSync("build/client/assets").filter((file) => PRODUCT_CARD_CHUNK.test(`assets/${file}`))).toHaveLength(1);
    const cart = measured.find((page) => page.label === "/cart");
    expect(cart?.files.filter((file) => PRODUCT_CARD_CHUNK.test(file))).toEqual([]);
  });
});
