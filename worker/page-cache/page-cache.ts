import { CATALOGUE_CACHE_CONTROL } from "../../web/cache-control";
import { BoundedCache } from "../cache/bounded-cache";

/**
 * An anonymous visitor's page (always a 200) as rendered once, split at its CSP nonce so each answer can carry a fresh
 * one, with what the render asked of the response beyond its body (the extra connect-src origins of its CSP).
 */
interface CachedPage {
  parts: string[];
  headers: [string, string][];
  connectSources: string[];
  expiresAt: number;
  bytes: number;
}

/**
 * How long a cached page is served. Everything store-wide on it is keyed by the cache markers; this bounds what is not
 * (a product's rating summary after a new review, a branch's open-now badge).
 */
export const PAGE_TTL_SECONDS = 60;
/** The isolate's share: Workers have 128 MB per isolate; a page is 50–100 KB. */
const MAX_ENTRIES = 300;
const MAX_BYTES = 16 * 1024 * 1024;
/** A page bigger than this is served but not cached. */
const MAX_PAGE_BYTES = 512 * 1024;
/** Response headers the Worker sets per answer, never taken from the cached copy. */
const PER_ANSWER_HEADERS = new Set(["set-cookie", "content-length", "content-security-policy", "x-page-cache"]);
/** The Cache API copy's one header of its own: the render's nonce, the page's headers, its CSP origins and expiry. */
const META_HEADER = "X-Page-Meta";

/** Per isolate, least recently used first out. */
const isolatePages = new BoundedCache<CachedPage>(MAX_ENTRIES, MAX_BYTES, (page) => page.bytes);

/** The colo's copies, shared by its isolates: a named cache, opened once per isolate. */
let sharedCache: Promise<Cache> | undefined;
const colo = () => (sharedCache ??= caches.open("pages"));

/** The Cache API's key for a page key: a URL on the store's own host, in a path no page uses. */
function cacheRequest(pageKey: string): Request {
  const host = pageKey.slice(0, pageKey.search(/[/|]/));
  return new Request(`https://${host}/__page-cache/${encodeURIComponent(pageKey)}`);
}

function cachedPageOf(html: string, nonce: string, headers: [string, string][], connectSources: string[], expiresAt: number): CachedPage {
  return { parts: html.split(nonce), headers, connectSources, expiresAt, bytes: html.length };
}

/** The Cache API holds the page's HTML as its body and the rest in one header, read back as it was cached. */
interface CacheApiMeta {
  nonce: string;
  headers: [string, string][];
  connectSources: string[];
  expiresAt: number;
}

async function fromCacheApi(pageKey: string): Promise<CachedPage | null> {
  const cached = await (await colo()).match(cacheRequest(pageKey));
  if (!cached) return null;
  const meta = JSON.parse(cached.headers.get(META_HEADER) ?? "null") as CacheApiMeta | null;
  if (!meta || meta.expiresAt <= Date.now()) return null;
  return cachedPageOf(await cached.text(), meta.nonce, meta.headers, meta.connectSources, meta.expiresAt);
}

/** The cached page for this key, from the isolate, else the colo's Cache API (then cached in the isolate too). */
export async function cachedPage(pageKey: string): Promise<CachedPage | null> {
  const page = isolatePages.get(pageKey);
  if (page && page.expiresAt > Date.now()) return page;
  isolatePages.delete(pageKey);
  const shared = await fromCacheApi(pageKey);
  if (shared) isolatePages.set(pageKey, shared);
  return shared;
}

/** The cached page as this response: its body with this answer's nonce. */
export function cachedPageResponse(page: CachedPage, nonce: string): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Page-Cache", "hit");
  return new Response(page.parts.join(nonce), { status: 200, headers });
}

/**
 * Keeps a rendered answer for the anonymous visitors after this one, when it is a catalogue page that came out whole
 * (a 200, no cookie set): in the isolate at once, and in the Cache API in the background. Answers the response to
 * send, whose body has been read.
 */
export async function cacheRenderedPage(
  pageKey: string,
  response: Response,
  render: { nonce: string; connectSources: string[] },
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const storable =
    response.status === 200 && response.headers.get("Cache-Control") === CATALOGUE_CACHE_CONTROL && !response.headers.has("Set-Cookie");
  if (!storable || !response.body) {
    response.headers.set("X-Page-Cache", "bypass");
    return response;
  }
  const html = await response.text();
  const answer = new Response(html, response);
  answer.headers.set("X-Page-Cache", "miss");
  if (html.length > MAX_PAGE_BYTES) return answer;
  const headers = [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name.toLowerCase()));
  const expiresAt = Date.now() + PAGE_TTL_SECONDS * 1000;
  isolatePages.set(pageKey, cachedPageOf(html, render.nonce, headers, render.connectSources, expiresAt));
  const meta: CacheApiMeta = { nonce: render.nonce, headers, connectSources: render.connectSources, expiresAt };
  const shared = new Response(html, {
    headers: { "Cache-Control": `public, max-age=${PAGE_TTL_SECONDS}`, [META_HEADER]: JSON.stringify(meta) },
  });
  waitUntil(colo().then((cache) => cache.put(cacheRequest(pageKey), shared)));
  return answer;
}
