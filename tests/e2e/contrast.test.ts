import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contrastRatio, TEXT_RATIO } from "../../commerce/contrast";
import { storeUrl, useBrowser, VARIANTS } from "./helpers";

/**
 * Store colours are owner input: whatever the owner picks, the nav's text stays readable on the nav
 * (docs/decisions/023-readable-store-colours.md). The test stores' owners chose white text on pure yellow
 * and on pure white; the food store's orange is a real one.
 */
const STORES = ["yellow.localhost", "white.localhost", "food.localhost"];

interface Drawn {
  text: string;
  colour: string;
  background: string;
}

/**
 * Each visible link and button in the top nav (the search form's Search button is the desktop's pill): its text colour
 * and the opaque colour behind it, as the browser computes them.
 */
function navLinkColours(page: Page): Promise<Drawn[]> {
  return page.getByTestId("top-nav").evaluate((nav) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    // The backgrounds from the link outward, blended until an opaque one (the page is white below everything).
    const behind = (element: Element): string => {
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r = 0, g = 0, b = 0, a = 1] = channels(getComputedStyle(node).backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      let [r, g, b] = [255, 255, 255];
      for (const [lr, lg, lb, la] of layers.reverse()) {
        [r, g, b] = [lr! * la! + r * (1 - la!), lg! * la! + g * (1 - la!), lb! * la! + b * (1 - la!)];
      }
      return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
    };
    return [...nav.querySelectorAll("a, button")]
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => ({ text: link.textContent?.trim() ?? "", colour: getComputedStyle(link).color, background: behind(link) }));
  });
}

describe.each(VARIANTS)("readable store colours ($name)", (variant) => {
  const { open } = useBrowser();

  it.each(STORES)("the nav's links on %s pass 4.5:1", async (host) => {
    const { page, response } = await open(storeUrl(host), variant);
    expect(response.status()).toBe(200);
    const links = await navLinkColours(page);
    expect(links.map((link) => link.text)).toEqual(expect.arrayContaining(["Search", "Cart"]));
    for (const link of links) {
      const ratio = contrastRatio(link.colour, link.background);
      expect(ratio, `${host} "${link.text}": ${link.colour} on ${link.background}`).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
  });
});
