import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "../../commerce/languages";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "../../scripts/i18n/pseudo-message";
import { FOOD, HOME_ADDRESS } from "./api-steps";
import { useBrowser, type Variant } from "./helpers";
import { type Example, ROUTES, visitAs } from "./page-examples";

/**
 * Every word a shopper reads comes from a catalogue (issue 40 item 5). Served in the pseudo-language (`/en-XA/…`, on
 * with the dev flag, decision 077), every page kind shows each interface word accented and wrapped in ⟦…⟧; any other
 * word on the page, in its text, its accessible names, placeholders and title, must be the store's own content (a text
 * of its file), the shopper's own entries, what the browser's Intl writes for the store's locale (month names), or a
 * language's name in itself (the language switch's links).
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
    ...dates.map((date) => date.toLocaleTimeString(locale, { hour: "numeric", hour12: true })),
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(1),
  ];
  return parts.flatMap(wordsOf);
}

/** The page's texts a shopper reads or hears: text nodes, accessible names and descriptions, placeholders, the title. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, template")) texts.push(node.textContent ?? "");
    }
    const attributes = ["aria-label", "aria-description", "aria-roledescription", "alt", "title", "placeholder"];
    for (const element of document.querySelectorAll(attributes.map((name) => `[${name}]`).join(", ")))
      for (const name of attributes) texts.push(element.getAttribute(name) ?? "");
    for (const input of document.querySelectorAll<HTMLInputElement>("input[type=submit], input[type=button]")) texts.push(input.value);
    return texts.filter((text) => text.trim() !== "");
  });
}

/** A text's words outside the catalogue's: the pseudo-language's ⟦…⟧ (innermost first, as messages nest) taken out. */
function wordsOutsideMessages(text: string): string[] {
  const innermost = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, "g");
  let rest = text;
  for (let before = ""; before !== rest; ) {
    before = rest;
    rest = rest.replace(innermost, " ");
  }
  return wordsOf(rest);
}

const LANGUAGES = Object.values(LANGUAGE_NAMES).flatMap(wordsOf);

const ALLOWED: Record<string, Set<string>> = {
  [FOOD]: new Set([
    ...LANGUAGES,
    ...contentWords("stores/food.json"),
    ...intlWords("en-IN", "INR"),
    // The customer the examples register, and the address their orders go to (tests/e2e/api-steps.ts).
    ...wordsOf("Asha Tester"),
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
      const outside = (await pageTexts(page)).flatMap((text) =>
        wordsOutsideMessages(text)
          .filter((word) => !allowed.has(word))
          .map((word) => `${word} in ${JSON.stringify(text.trim().slice(0, 80))}`),
      );
      expect([...new Set(outside)]).toEqual([]);
    });
  }
});
