import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The only state-changing routes another site may call: Razorpay's webhook (its servers) and the checkout's redirect
 * callback (a cross-site form post from Razorpay's page). Each is authenticated by its signature, not by where it came
 * from. Nothing else is exempt (tests/worker/payments-origin.test.ts).
 */
export const SIGNED_CROSS_SITE_POSTS: ReadonlySet<string> = new Set(["/api/razorpay/webhook", "/api/razorpay/callback"]);

export function isSignedCrossSitePost(method: string, path: string): boolean {
  return method === "POST" && SIGNED_CROSS_SITE_POSTS.has(path);
}

/**
 * Refuses state-changing requests from another site (CSRF): the browser says so in Sec-Fetch-Site, or
 * sends an Origin that is not exactly this one. Requests with neither header are not from a browser page.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method) && !isSignedCrossSitePost(c.req.method, c.req.path)) {
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const foreign =
      fetchSite === "cross-site" || fetchSite === "same-site" || (origin !== undefined && origin !== new URL(c.req.url).origin);
    if (foreign) {
      const message = "This request came from another site and was refused.";
      // The API answers JSON, its bare root included.
      return /^\/api(\/|$)/.test(c.req.path)
        ? c.json({ code: "cross_origin", message }, 403)
        : c.text(message, 403, { "Cache-Control": "no-store" });
    }
  }
  await next();
});
