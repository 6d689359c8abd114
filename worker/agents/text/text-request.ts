/**
 * Whether `Accept` prefers markdown: `text/markdown` named with a q above 0 and at least that of the most specific range
 * matching `text/html` (`text/html`, `text/*`, `*\/*`). A browser's usual Accept never names markdown, and `*\/*` alone
 * (curl's) is HTML's.
 */
export function asksForMarkdown(accept = ""): boolean {
  let markdown = 0;
  let html = 0;
  let specific = -1;
  for (const range of accept.toLowerCase().split(",")) {
    const [type, ...params] = range.split(";").map((part) => part.trim());
    const q = params.find((param) => param.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (type === "text/markdown") markdown = quality;
    const rank = ["*/*", "text/*", "text/html"].indexOf(type!);
    if (rank > specific) [specific, html] = [rank, quality];
  }
  return markdown > 0 && markdown >= html;
}

/** The pages with a markdown form, below the language's prefix; `.md` after one asks for it by address. */
const TEXT_PAGE = /^\/(?:(?:product|category|page)\/[^/]+?|search)(\.md)?$/;

/**
 * Whether a request is for text (decision 091): `/llms.txt`, or a page with a markdown form asked for by its `.md`
 * address or with an Accept that prefers markdown, read (GET, or HEAD, which Hono answers as its GET without the body).
 * `path` is below the language's prefix.
 */
export function isTextRequest(method: string, path: string, accept: string | undefined): boolean {
  const page = TEXT_PAGE.exec(path);
  return (
    (method === "GET" || method === "HEAD") &&
    (path === "/llms.txt" || (page !== null && (page[1] !== undefined || asksForMarkdown(accept))))
  );
}
