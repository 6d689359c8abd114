import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageTranslator } from "./page-translator.server";

// The catalogue pages' texts their loaders word, in the page's language. Here rather than in the route modules: the
// browser's build gives a module the message areas it names (decision 080), and a loader's words are the server's, so
// the page would fetch an area it never shows.

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
