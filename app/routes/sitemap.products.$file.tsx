import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalUrl } from "../lib/canonical";
import { sitemapResponse } from "../lib/sitemap-xml";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!/^[1-9]\d{0,3}$/.test(file)) throw new Response("Not found", { status: 404 });
  const slugs = await context.origin.sitemapProducts({ file: Number(file) });
  if (slugs.length === 0) throw new Response("Not found", { status: 404 });
  return sitemapResponse(
    "urlset",
    slugs.map((slug) => canonicalUrl(request, `/product/${slug}`)),
  );
}
