import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalUrl } from "../lib/canonical";
import { readOrigin } from "../lib/origin.server";
import { sitemapResponse } from "../lib/sitemap-xml";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const index = await readOrigin(await context.origin.api["get-sitemap"].$get());
  const paths = ["/", ...index.categories.map((slug) => `/category/${slug}`), ...index.pages.map((slug) => `/page/${slug}`)];
  return sitemapResponse(
    "urlset",
    paths.map((path) => canonicalUrl(request, path)),
  );
}
