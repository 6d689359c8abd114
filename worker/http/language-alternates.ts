import { type PageLanguage, pathInLanguage } from "../../commerce/languages";
import type { StoreSettings } from "../../commerce/store-settings";

/**
 * The page's versions in the store's languages for crawlers (decision 078), as an HTTP `Link` header of `hreflang`
 * alternates: each language's address of this page, and the store's own as `x-default`. A header rather than `<link>`
 * elements, so the browser's bundle carries none of it; null for a store with one language.
 */
export function languageAlternates(url: URL, language: PageLanguage, store: Pick<StoreSettings, "language" | "languages">): string | null {
  // A page's data (Remix's `.data` requests) is not a page a crawler indexes.
  if (store.languages.length === 0 || url.pathname.endsWith(".data")) return null;
  const path = url.pathname.slice(language.prefix.length) || "/";
  const address = (prefix: string) => `${url.origin}${pathInLanguage(prefix, path)}${url.search}`;
  const versions = [{ tag: store.language, prefix: "" }, ...store.languages.map((code) => ({ tag: code, prefix: `/${code}` }))];
  return [...versions, { tag: "x-default", prefix: "" }]
    .map(({ tag, prefix }) => `<${address(prefix)}>; rel="alternate"; hreflang="${tag}"`)
    .join(", ");
}
