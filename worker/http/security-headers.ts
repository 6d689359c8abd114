import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Headers on every response. Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: the
 * latter makes browsers send `Origin: null` on same-origin form posts, which the origin check refuses.
 * HTML gets a CSP whose nonce marks the only inline scripts allowed (Remix's).
 */
export const securityHeaders = createMiddleware<AppEnv>(async function securityHeaders(c, next) {
  const nonce = newNonce();
  c.set("cspNonce", nonce);
  await next();
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        // The store owner's admin may preview the store in a frame of the same site.
        "frame-ancestors 'self'",
      ].join("; "),
    );
  }
});
