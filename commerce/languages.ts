/**
 * The languages the storefront's own words are shipped in (decision 077): the message catalogues under locales/. A
 * store writes its catalogue in any language (`language`, for `<html lang>`); the interface around it speaks the
 * store's language where it is shipped, and English otherwise.
 */
export const SHIPPED_LANGUAGES = ["en", "de", "hi", "ar"] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];

/** The catalogue every other one is checked against, and what holds the spec's texts exactly. */
export const SOURCE_LANGUAGE: ShippedLanguage = "en";

/** Every English message visibly transformed (scripts/i18n/pseudo-message.ts), for tests: on only with the dev flag. */
export const PSEUDO_LANGUAGE = "en-XA";

export type InterfaceLanguage = ShippedLanguage | typeof PSEUDO_LANGUAGE;

/** Whether a value read from outside the code (a socket's tag, an internal header) names an interface language. */
export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return value === PSEUDO_LANGUAGE || (SHIPPED_LANGUAGES as readonly unknown[]).includes(value);
}

/** The shipped language a language tag ("de-DE", "hi", "ar-AE") is written in, or null when none is. */
export function shippedLanguageOf(tag: string): ShippedLanguage | null {
  const primary = tag.toLowerCase().split("-")[0];
  return SHIPPED_LANGUAGES.find((language) => language === primary) ?? null;
}

/** The language a page's interface speaks when its text is written in `language`: that one if shipped, else English. */
export function interfaceLanguageOf(language: string): ShippedLanguage {
  return shippedLanguageOf(language) ?? SOURCE_LANGUAGE;
}

/** Each shipped language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<ShippedLanguage, string> = { en: "English", de: "Deutsch", hi: "हिन्दी", ar: "العربية" };

/**
 * `languages`: the shipped languages a store offers besides its own, comma-separated ("en,hi"); absent: none. Its own
 * language is left out however it is tagged (a store written in `de-DE` offering `de` offers nothing more).
 */
export function offeredLanguagesOf(setting: string | undefined, own: string): ShippedLanguage[] {
  const others = (setting ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter((code): code is ShippedLanguage => (SHIPPED_LANGUAGES as readonly string[]).includes(code));
  return [...new Set(others)].filter((code) => code !== shippedLanguageOf(own));
}

/** The language a page is in, from its address: `/de/…` for an offered language, the store's own without a prefix. */
export interface PageLanguage {
  /** For `<html lang>` and `hreflang`: the store's own language tag, or the offered language's code. */
  tag: string;
  /** Whose catalogue the interface speaks. */
  messages: InterfaceLanguage;
  /** The address's prefix ("/de"), the pages' basename; "" for the store's own language. */
  prefix: string;
}

/**
 * The language of the page at `pathname` in a store written in `own` that also offers `offered`. The pseudo-language
 * (`/en-XA/…`) only with `pseudo` on (the dev flag), for the tests that look for text from outside the catalogues.
 */
export function pageLanguageOf(pathname: string, own: string, offered: readonly ShippedLanguage[], pseudo = false): PageLanguage {
  // The data of a language's home page is asked for as `/hi.data` (Remix's single fetch), its other pages' as `/hi/x.data`.
  const first = (pathname.split("/")[1] ?? "").replace(/\.data$/, "");
  if ((offered as readonly string[]).includes(first)) return { tag: first, messages: first as ShippedLanguage, prefix: `/${first}` };
  if (pseudo && first === PSEUDO_LANGUAGE) return { tag: PSEUDO_LANGUAGE, messages: PSEUDO_LANGUAGE, prefix: `/${PSEUDO_LANGUAGE}` };
  return { tag: own, messages: interfaceLanguageOf(own), prefix: "" };
}

/**
 * The language prefix an address starts with ("/de" of "/de/cart"), or "". A page's own paths (`/cart`, `redirectTo`)
 * are written without it: the router adds its basename to every link and redirect, so a path that kept the prefix
 * would get it twice. Only a store offering the language routes the prefix at all (worker/index.ts).
 */
export function languagePrefixOf(pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  return (SHIPPED_LANGUAGES as readonly string[]).includes(first) || first === PSEUDO_LANGUAGE ? `/${first}` : "";
}

/** A page's path in the language at `prefix` ("/hi", or "" for the store's own): "/hi/cart", and the bare "/hi" for "/". */
export function pathInLanguage(prefix: string, path: string): string {
  return prefix && path === "/" ? prefix : `${prefix}${path}`;
}

/** The address without its language prefix: the page's path as its links and redirects name it ("/de" is "/"). */
export function withoutLanguagePrefix(pathname: string): string {
  return pathname.slice(languagePrefixOf(pathname).length) || "/";
}
