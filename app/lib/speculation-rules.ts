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

/** The rules for a page in the language at `prefix` ("/de", decision 078): its links carry the same prefix. */
export function speculationRules(kind: Speculation, prefix = "") {
  const links = SPECULATED_LINKS.map((link) => ({ ...link, pathname: `${prefix}${link.pathname}` }));
  return {
    [kind]: [
      {
        source: "document",
        where: { and: [{ href_matches: links }, { not: { selector_matches: "[data-no-speculation]" } }] },
        eagerness: "moderate",
      },
    ],
  };
}

/** The catalogue's pages (home, category, product, search, content page): the only ones that carry rules. */
const CATALOGUE_PAGE = /^\/(?:(?:category|product|page)\/[^/]+|search)?$/;

/**
 * What the page gets: nothing off the catalogue, nor when the shopper asked to save data; a signed-in shopper's pages
 * are rendered for them and kept nowhere, so their next page is fetched but not run (prefetch); an anonymous
 * visitor's come from the page cache and are rendered in the background (prerender). Decided by the root loader from
 * the address, so the browser's bundle carries none of it (the initial JS has a ceiling).
 */
export function speculationFor(page: { pathname: string; saveData: boolean; signedIn: boolean }): Speculation | null {
  if (page.saveData || !CATALOGUE_PAGE.test(page.pathname)) return null;
  return page.signedIn ? "prefetch" : "prerender";
}

/** The server's `<script type="speculationrules">` props: the rules' JSON (our own constants) under the answer's nonce. */
export function speculationScript(kind: Speculation, nonce: string | undefined, prefix: string) {
  return { type: "speculationrules", nonce, dangerouslySetInnerHTML: { __html: JSON.stringify(speculationRules(kind, prefix)) } };
}
