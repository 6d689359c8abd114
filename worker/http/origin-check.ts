import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests from another site (CSRF): the browser says so in Sec-Fetch-Site, or
 * sends an Origin that is not exactly this one. Requests with neither header are not from a browser page.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const foreign =
      fetchSite === "cross-site" || fetchSite === "same-site" || (origin !== undefined && origin !== new URL(c.req.url).origin);
    if (foreign) {
      const message = "This request came from another site and was refused.";
      return c.req.path.startsWith("/api/")
        ? c.json({ code: "cross_origin", message }, 403)
        : c.text(message, 403, { "Cache-Control": "no-store" });
    }
  }
  await next();
});
