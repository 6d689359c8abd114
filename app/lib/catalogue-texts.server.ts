import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageTranslator } from "./page-translator.server";

// The catalogue pages' texts their loaders word, in the page's language: the server's words, so the browser's build,
// which carries the messages its code names (decision 081), carries none of these; the crumb is two pages'.

/** The breadcrumb trail's first step, in the structured data. */
export function homeCrumb(context: AppLoadContext): string {
  return pageTranslator(context)("catalogue.home");
}

/** The search page's title (for `meta`, which cannot ask for messages) and its count of results for `q`. */
export function searchTexts(context: AppLoadContext, q: string, products: { total: number; total_is_lower_bound: boolean } | null) {
  const t = pageTranslator(context);
  return {
    title: q ? t("seo.search_for", { q }) : t("catalogue.search_title"),
    // "1 result", "12 results", or "200+ results" when the search stopped counting (the API's total_is_lower_bound).
    count: !products
      ? null
      : products.total_is_lower_bound
        ? t("catalogue.result_count_at_least", { count: products.total, q })
        : t("catalogue.result_count", { count: products.total, q }),
  };
}

/** The reviews page's title. */
export function reviewsTitle(context: AppLoadContext, name: string): string {
  return pageTranslator(context)("seo.reviews_of", { name });
}
