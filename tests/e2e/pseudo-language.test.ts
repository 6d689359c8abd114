import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "../../commerce/languages";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "../../scripts/i18n/pseudo-message";
import { GAZETTEER } from "../../worker/geocoding/gazetteer-data";
import { FOOD, HOME_ADDRESS } from "./api-steps";
import { useBrowser, type Variant } from "./helpers";
import { type Example, ROUTES, visitAs } from "./page-examples";

/**
 * Every word a shopper reads comes from a catalogue (issue 40 item 5). Served in the pseudo-language (`/en-XA/…`, on
 * with the dev flag, decision 077), every page kind shows each interface word accented and wrapped in ⟦…⟧; any other
 * word on the page, in its text, its accessible names, placeholders and title, must be the store's own content (a text
 * of its file), the shopper's own entries, the places the demo's geocoder answers, what the browser's Intl writes for
 * the store's locale (month names), or a
 * language's name in itself (the language switch's links). A single letter is let be: it is a code's or a unit's.
 */

const VARIANTS: Variant[] = [
  { name: "JS on, 1280px", js: true, width: 1280 },
  { name: "JS off, 390px", js: false, width: 390 },
];

const PSEUDO = "/en-XA";

/** Every word of every text in a store's file: its products, categories, branches, pages and settings are content. */
function contentWords(file: string): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") for (const word of wordsOf(value)) words.add(word);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(file, "utf8")));
  return words;
}

const wordsOf = (text: string): string[] => (text.match(/\p{L}[\p{L}\p{M}'’]*/gu) ?? []).map((word) => word.toLowerCase());

/** What Intl writes for a locale: month and weekday names, the day's halves, and the currency's own name. */
function intlWords(locale: string, currency: string): string[] {
  const dates = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 3 + month, 9)));
  const parts = [
    ...dates.map((date) => date.toLocaleDateString(locale, { month: "long", weekday: "long" })),
    ...dates.map((date) => date.toLocaleDateString(locale, { month: "short", weekday: "short" })),
    // Both halves of the day: a morning and an evening hour of each date.
    ...dates.flatMap((date) =>
      [date, new Date(date.getTime() + 12 * 3_600_000)].map((at) => at.toLocaleTimeString(locale, { hour: "numeric", hour12: true })),
    ),
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(1),
  ];
  return parts.flatMap(wordsOf);
}

/**
 * The page's texts a shopper reads or hears: the body's text as one string, its text nodes in order (a message with an
 * element inside, such as a price, spans several nodes), then each accessible name, description, placeholder and the
 * title on their own.
 */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const body: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, template")) body.push(node.textContent ?? "");
    }
    const texts = [body.join(" "), document.title];
    const attributes = ["aria-label", "aria-description", "aria-roledescription", "alt", "title", "placeholder"];
    for (const element of document.querySelectorAll(attributes.map((name) => `[${name}]`).join(", ")))
      for (const name of attributes) texts.push(element.getAttribute(name) ?? "");
    for (const input of document.querySelectorAll<HTMLInputElement>("input[type=submit], input[type=button]")) texts.push(input.value);
    return texts.filter((text) => text.trim() !== "");
  });
}

/** A text with the catalogue's messages taken out (the pseudo-language's ⟦…⟧, innermost first, as messages nest). */
function outsideMessages(text: string): string {
  const innermost = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, "g");
  let rest = text;
  for (let before = ""; before !== rest; ) {
    before = rest;
    rest = rest.replace(innermost, " ");
  }
  return rest;
}

/** The words left outside the messages that are not allowed, each with a little of the text around it. */
function strayWords(text: string, allowed: Set<string>): string[] {
  const rest = outsideMessages(text).replace(/\s+/g, " ");
  return [...rest.matchAll(/\p{L}[\p{L}\p{M}'’]*/gu)]
    .filter(([word]) => word.length > 1 && !allowed.has(word.toLowerCase()))
    .map((match) => `${match[0]} in "${rest.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).trim()}"`);
}

const LANGUAGES = Object.values(LANGUAGE_NAMES).flatMap(wordsOf);
/** The places the local geocoder answers a search with (the location page's results). */
const PLACES = GAZETTEER.flatMap((place) => wordsOf(`${place.area} ${place.city} ${place.state} ${place.country}`));

const ALLOWED: Record<string, Set<string>> = {
  [FOOD]: new Set([
    ...LANGUAGES,
    ...PLACES,
    ...contentWords("stores/food.json"),
    ...intlWords("en-IN", "INR"),
    // The customer the examples register (their email is api-<n>@example.com), and the address their orders go to
    // (tests/e2e/api-steps.ts).
    ...wordsOf("Asha Tester api example com"),
    ...Object.values(HOME_ADDRESS).flatMap((value) => wordsOf(String(value))),
  ]),
  "retail.localhost": new Set([...LANGUAGES, ...contentWords("stores/retail.json"), ...intlWords("de-DE", "EUR")]),
};

describe.each(VARIANTS)("the pseudo-language on every page kind ($name)", (variant) => {
  const { open } = useBrowser();

  for (const [route, example] of Object.entries(ROUTES)) {
    if (!example) continue;
    const host = example.host ?? FOOD;
    const pseudo: Example = { ...example, path: example.path === "/" ? PSEUDO : `${PSEUDO}${example.path}` };
    it(`${route} (${pseudo.path})`, async () => {
      const { page } = await visitAs(open, variant, host, pseudo);
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en-XA");
      const allowed = ALLOWED[host]!;
      const stray = (await pageTexts(page)).flatMap((text) => strayWords(text, allowed));
      expect([...new Set(stray)]).toEqual([]);
    });
  }
});
