import { languagePrefixOf, pathInLanguage } from "../../commerce/languages";

/**
 * The absolute address search engines should index for a page: this host, the page's language prefix (decision 078),
 * the given path, no query noise.
 */
export function canonicalUrl(request: Request, path: string): string {
  const here = new URL(request.url);
  return new URL(pathInLanguage(languagePrefixOf(here.pathname), path), here.origin).href;
}
