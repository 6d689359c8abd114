import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initialJs, PAGE_ROUTES, type RouteJs } from "../../scripts/bench/sizes";

/**
 * The initial JS (gzip -9 bytes, scripts/bench/sizes.ts) of the two pages with a 92 KiB goal, as it was before the nav
 * had a search field (decision 057): over the goal already, so they may shrink but not grow.
 */
const CEILINGS: Record<string, number> = { "/": 94_505, "/product/:slug": 96_034 };

/** The suggestions' combobox (app/components/predictive-search.client.tsx), fetched on a search box's first focus. */
const COMBOBOX_CHUNK = /^\/?assets\/predictive-search\.client-[\w-]+\.js$/;

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

  it("keeps / and /product/:slug within what they were before the nav's search field", () => {
    const sizes = Object.fromEntries(measured.filter((page) => page.label in CEILINGS).map((page) => [page.label, page.gzipBytes]));
    expect(Object.keys(sizes).sort()).toEqual(Object.keys(CEILINGS).sort());
    for (const [label, bytes] of Object.entries(sizes)) expect(bytes, label).toBeLessThanOrEqual(CEILINGS[label]!);
  });
});
