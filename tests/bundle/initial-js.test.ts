import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INITIAL_JS_GOAL, initialJs, PAGE_ROUTES, type RouteJs } from "../../scripts/bench/sizes";

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

  it(`keeps the home, product, category, search and cart pages within ${INITIAL_JS_GOAL.kib} KiB each (issue 39)`, () => {
    const sizes = Object.fromEntries(
      measured.filter((page) => INITIAL_JS_GOAL.pages.includes(page.label)).map((page) => [page.label, page.gzipBytes]),
    );
    expect(Object.keys(sizes).sort()).toEqual([...INITIAL_JS_GOAL.pages].sort());
    for (const [label, bytes] of Object.entries(sizes)) expect(bytes, label).toBeLessThanOrEqual(INITIAL_JS_GOAL.kib * 1024);
  });

  it("leaves the product cards out of the cart's initial JS; its suggestions fetch them after hydrating", () => {
    expect(readdirSync("build/client/assets").filter((file) => PRODUCT_CARD_CHUNK.test(`assets/${file}`))).toHaveLength(1);
    const cart = measured.find((page) => page.label === "/cart");
    expect(cart?.files.filter((file) => PRODUCT_CARD_CHUNK.test(file))).toEqual([]);
  });
});
