import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "../../commerce/i18n/catalogue";
import {
  interfaceLanguageOf,
  languagePrefixOf,
  offeredLanguagesOf,
  pageLanguageOf,
  pathInLanguage,
  SHIPPED_LANGUAGES,
  withoutLanguagePrefix,
} from "../../commerce/languages";
import { catalogueProblems, compileCatalogues, placeholdersOf, readCatalogue } from "../../scripts/i18n/compile-catalogues";
import { compiledCatalogue } from "../../scripts/i18n/compiled-catalogues";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoMessage } from "../../scripts/i18n/pseudo-message";
import { formatIssue } from "../../worker/store-import/import-store";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";

const ar = compiledCatalogue("ar");
const de = compiledCatalogue("de");
const en = compiledCatalogue("en");
const pseudo = compiledCatalogue("en-XA");
const hi = compiledCatalogue("hi");

const root = join(import.meta.dirname, "../..");

describe("the message catalogues (decision 077)", () => {
  it("are complete in every shipped language, and compiled as committed (npm run i18n)", () => {
    const { files, problems } = compileCatalogues(root);
    expect(problems).toEqual([]);
    for (const [path, contents] of files)
      expect(readFileSync(join(root, path), "utf8"), `${path} is stale: run npm run i18n`).toBe(contents);
  });

  it("find a missing message, one English lacks, and other placeholders (known-bad samples)", () => {
    const source = { "cart.title": "Cart", "cart.items": "{count, plural, one {# item} other {# items}}", "a.hi": "Hello {name}" };
    expect(catalogueProblems("de", { "cart.title": "Warenkorb", "a.hi": "Hallo {name}" }, source)).toEqual(["de: cart.items is missing"]);
    expect(catalogueProblems("de", { ...source, "cart.extra": "x" }, source)).toEqual(["de: cart.extra is not an English message"]);
    expect(catalogueProblems("de", { ...source, "a.hi": "Hallo {nme}" }, source)).toEqual(["de: a.hi names {nme}, English names {name}"]);
    expect(catalogueProblems("de", source, source)).toEqual([]);
  });

  it("hold the same ids in every language", () => {
    const english = Object.keys(readCatalogue(root, "en")).sort();
    expect(english.length).toBeGreaterThan(10);
    for (const catalogue of [en, de, hi, ar, pseudo]) expect(Object.keys(catalogue).sort()).toEqual(english);
  });

  it("say counts by each language's plural rules", () => {
    expect(translator("en", en)("shell.cart_badge_items", { count: 1 })).toBe("1 item");
    expect(translator("en", en)("shell.cart_badge_items", { count: 3 })).toBe("3 items");
    expect(translator("ar", ar)("shell.cart_badge_items", { count: 2 })).toBe("منتجان");
    expect(translator("ar", ar)("shell.cart_badge_items", { count: 1 })).toBe("منتج واحد");
    expect(translator("de", de)("shell.change_location")).toBe("Standort ändern");
  });

  it("type each placeholder: counted ones are numbers", () => {
    expect([...placeholdersOf("{count, plural, one {# item} other {# items}} for {name}")]).toEqual([
      ["count", "number"],
      ["name", "text"],
    ]);
  });
});

describe("the pseudo-language", () => {
  it("transforms every word and keeps placeholders and plural keys", () => {
    expect(pseudoMessage("Sign in")).toBe(`${PSEUDO_OPEN}Šîĝñ îñ${PSEUDO_CLOSE}`);
    const plural = pseudoMessage("{count, plural, one {# item} other {# items}}");
    expect(plural).toBe(`${PSEUDO_OPEN}{count, plural, one {# îţém} other {# îţémš}}${PSEUDO_CLOSE}`);
    expect(translator("en-XA", pseudo)("shell.cart_badge_items", { count: 2 })).toBe(`${PSEUDO_OPEN}2 îţémš${PSEUDO_CLOSE}`);
  });
});

describe("a page's language (decision 078)", () => {
  it("comes from an offered language's prefix, else is the store's own", () => {
    expect(pageLanguageOf("/hi/cart", "en", ["hi"])).toEqual({ tag: "hi", messages: "hi", prefix: "/hi" });
    expect(pageLanguageOf("/hi", "en", ["hi"])).toEqual({ tag: "hi", messages: "hi", prefix: "/hi" });
    // The home's data in that language, as the browser's router asks for it.
    expect(pageLanguageOf("/hi.data", "en", ["hi"]).prefix).toBe("/hi");
    expect(pageLanguageOf("/_root.data", "en", ["hi"]).prefix).toBe("");
    expect(pageLanguageOf("/cart", "en", ["hi"])).toEqual({ tag: "en", messages: "en", prefix: "" });
    // Not offered: the address is the store's own language's (and then no page matches it).
    expect(pageLanguageOf("/de/cart", "en", ["hi"])).toEqual({ tag: "en", messages: "en", prefix: "" });
    // A store written in a language the interface is not shipped in: its tag, English words.
    expect(pageLanguageOf("/", "fr-CA", [])).toEqual({ tag: "fr-CA", messages: "en", prefix: "" });
    expect(pageLanguageOf("/en-XA/cart", "en", [], false).prefix).toBe("");
    expect(pageLanguageOf("/en-XA/cart", "en", [], true)).toEqual({ tag: "en-XA", messages: "en-XA", prefix: "/en-XA" });
  });

  it("reads the store's offered languages: shipped ones only, its own left out", () => {
    expect(offeredLanguagesOf("en, hi,xx,hi", "de")).toEqual(["en", "hi"]);
    expect(offeredLanguagesOf("de", "de")).toEqual([]);
    expect(offeredLanguagesOf("de,en", "de-DE")).toEqual(["en"]);
    expect(offeredLanguagesOf(undefined, "en")).toEqual([]);
    expect(interfaceLanguageOf("de-DE")).toBe("de");
    expect(interfaceLanguageOf("pt-BR")).toBe("en");
    expect(SHIPPED_LANGUAGES).toEqual(["en", "de", "hi", "ar"]);
  });

  it("strips the prefix from an address, for the paths pages write themselves", () => {
    expect(languagePrefixOf("/de/cart")).toBe("/de");
    expect(languagePrefixOf("/delivery")).toBe("");
    expect(withoutLanguagePrefix("/de")).toBe("/");
    expect(withoutLanguagePrefix("/ar/product/x")).toBe("/product/x");
    expect(withoutLanguagePrefix("/product/x")).toBe("/product/x");
    expect(pathInLanguage("/hi", "/")).toBe("/hi");
    expect(pathInLanguage("/hi", "/cart")).toBe("/hi/cart");
    expect(pathInLanguage("", "/")).toBe("/");
  });
});

describe("the `languages` setting (decision 078)", () => {
  const retail = JSON.parse(readFileSync(join(root, "stores/retail.json"), "utf8"));
  const refusals = (languages: string) => {
    const parsed = storeFileSchema.safeParse({ ...retail, settings: { ...retail.settings, languages } });
    return parsed.success ? [] : parsed.error.issues.map((i) => formatIssue({ path: i.path as (string | number)[], message: i.message }));
  };

  it("takes shipped languages only", () => {
    expect(refusals("de,hi")).toEqual([]);
    expect(refusals("de, fr")).toEqual([
      "settings.languages: must be languages the storefront is shipped in, comma-separated: en, de, hi, ar",
    ]);
  });
});
