const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch);

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** A sitemap (urlset) or sitemap index response for absolute URLs. */
export function sitemapResponse(kind: "urlset" | "sitemapindex", urls: string[]): Response {
  const tag = kind === "urlset" ? "url" : "sitemap";
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${kind} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls.map((url) => `<${tag}><loc>${escapeXml(url)}</loc></${tag}>`),
    `</${kind}>`,
  ].join("\n");
  return new Response(body, { headers: XML_HEADERS });
}
