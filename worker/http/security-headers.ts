import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { Env } from "../env";
import { DEFAULT_RAZORPAY_API_URL, DEFAULT_RAZORPAY_CHECKOUT_JS } from "../payments";
import { pluginSources } from "./plugin-sources";

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * What the checkout's pages add to the CSP, from the configured Razorpay URLs: the script's origin (Checkout.js and its
 * frames) and the API's (the hosted checkout form posts there, Checkout's frames and calls reach it). Every other page
 * keeps to its own origin.
 */
function checkoutSources(env: Env, path: string) {
  if (path !== "/checkout" && !path.startsWith("/checkout/")) return { script: "", frame: "", connect: "", form: "" };
  const script = originOf(env.RAZORPAY_CHECKOUT_JS || DEFAULT_RAZORPAY_CHECKOUT_JS);
  const api = originOf(env.RAZORPAY_API_URL || DEFAULT_RAZORPAY_API_URL);
  return { script: ` ${script}`, frame: ` ${script} ${api}`, connect: ` ${script} ${api}`, form: ` ${api}` };
}

/**
 * Headers on every response. Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: the
 * latter makes browsers send `Origin: null` on same-origin form posts, which the origin check refuses.
 * HTML gets a CSP whose nonce marks the only inline scripts allowed (Remix's), and which allows exactly the origins of
 * the plugins the store switches on (read with the store, no request of its own).
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
    const razorpay = checkoutSources(c.env, c.req.path);
    const plugins = pluginSources(c.var.tenant?.settings.plugins.enabled ?? [], c.env.PLUGIN_SCRIPTS_URL);
    const adminOrigin = c.var.tenant?.settings.adminOrigin;
    // X-Frame-Options cannot name another origin; frame-ancestors replaces it in every browser that knows CSP 2.
    if (adminOrigin) headers.delete("X-Frame-Options");
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'${razorpay.script}${plugins.script}`,
        // Styles: the built stylesheets, and the store's colours in one nonced element (no style attributes anywhere).
        `style-src 'self' 'nonce-${nonce}'`,
        "img-src 'self' data: https:",
        `font-src 'self' data:${plugins.font}`,
        `connect-src 'self'${razorpay.connect}${plugins.connect}${(c.get("connectSources") ?? []).map((origin) => ` ${origin}`).join("")}`,
        `frame-src 'self'${razorpay.frame}${plugins.frame}`,
        "object-src 'none'",
        "base-uri 'none'",
        `form-action 'self'${razorpay.form}`,
        // Only the store's own pages and the owner's admin (the adminOrigin setting) may frame it: the admin's preview.
        `frame-ancestors 'self'${adminOrigin ? ` ${adminOrigin}` : ""}`,
      ].join("; "),
    );
  }
});
