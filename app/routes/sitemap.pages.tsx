import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalUrl } from "../lib/canonical";
import { sitemapResponse } from "../lib/sitemap-xml";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const index = await context.origin.sitemap();
  const paths = ["/", ...index.categories.map((slug) => `/category/${slug}`), ...index.pages.map((slug) => `/page/${slug}`)];
  return sitemapResponse(
    "urlset",
    paths.map((path) => canonicalUrl(request, path)),
  );
}
