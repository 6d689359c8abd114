import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalUrl } from "../lib/canonical";
import { sitemapResponse } from "../lib/sitemap-xml";

/**
 * The store's sitemap index: one file for home, categories and content pages, then product files of
 * 10,000 each, so a store of any size stays within the protocol's 50,000 addresses per file.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const index = await context.origin.sitemap();
  const files = ["/sitemap/pages", ...Array.from({ length: index.product_files }, (_, i) => `/sitemap/products/${i + 1}`)];
  return sitemapResponse(
    "sitemapindex",
    files.map((path) => canonicalUrl(request, path)),
  );
}
