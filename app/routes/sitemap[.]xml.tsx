import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapResponse } from "../lib/sitemap-xml";

/**
 * The store's sitemap index: one file for home, categories and content pages, then product files of
 * 10,000 each, so a store of any size stays within the protocol's 50,000 addresses per file. A store offering other
 * languages (decision 078) lists each file again under each language's prefix, whose addresses carry that prefix.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const index = await context.origin.sitemap();
  const files = ["/sitemap/pages", ...Array.from({ length: index.product_files }, (_, i) => `/sitemap/products/${i + 1}`)];
  const prefixes = ["", ...context.settings.languages.map((code) => `/${code}`)];
  const origin = new URL(request.url).origin;
  return sitemapResponse(
    "sitemapindex",
    prefixes.flatMap((prefix) => files.map((path) => `${origin}${prefix}${path}`)),
  );
}
