import type { Speculation } from "../route-data";

/**
 * The Speculation Rules a catalogue page carries (decision 069): Chromium fetches, or renders in the background, a
 * product or category page the shopper's pointer rests on or presses, so the tap that follows shows it at once.
 * Only `/product/…` and `/category/…` links without a query: pages anyone may fetch without a side effect (a query,
 * such as `/category/x?sort=price`, is left alone: `search: ""` matches only none), on the page's own origin; a link
 * marked `data-no-speculation` is skipped.
 */

export const SPECULATED_LINKS = [
  { pathname: "/product/*", search: "" },
  { pathname: "/category/*", search: "" },
];

export function speculationRules(kind: Speculation) {
  return {
    [kind]: [
      {
        source: "document",
        where: { and: [{ href_matches: SPECULATED_LINKS }, { not: { selector_matches: "[data-no-speculation]" } }] },
        eagerness: "moderate",
      },
    ],
  };
}

/**
 * What the page's shopper gets: nothing when they asked to save data; a signed-in shopper's pages are rendered for
 * them and kept nowhere, so their next page is fetched but not run (prefetch); an anonymous visitor's come from the
 * page cache and are rendered in the background (prerender).
 */
export function speculationFor(shopper: { saveData: boolean; signedIn: boolean }): Speculation | null {
  if (shopper.saveData) return null;
  return shopper.signedIn ? "prefetch" : "prerender";
}

/**
 * A catalogue route's `handle`: its pages carry the rules. Each route writes the literal (with this type), so the
 * browser's route chunks import nothing of this module and no chunk of its own is made for it.
 */
export interface SpeculatingHandle {
  speculationRules: true;
}

export function routeSpeculates(handle: unknown): boolean {
  return (handle as { speculationRules?: boolean } | undefined)?.speculationRules === true;
}
