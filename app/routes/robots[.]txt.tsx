import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalUrl } from "../lib/canonical";

/** Crawl everything a shopper can browse; keep out of carts, checkout, accounts and the API. */
export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /account",
    "Disallow: /search",
    "Allow: /",
    "",
    `Sitemap: ${canonicalUrl(request, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
