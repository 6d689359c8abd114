import { declaredLength, PLAIN_FORM_LIMIT_BYTES } from "../../web/bounded-body";

/**
 * The page requests whose shopper may be a claimed customer, checked inside the request's own D1 calls (decision 056).
 * A call the gate let through has verified the session, so what a request does outside D1 after an awaited D1 call
 * is done for a verified customer: these requests do nothing as the customer before their first D1 call. Any page
 * read, adding from a product page, the cart's and the checkout's forms, and the pay step with its result (the
 * gateway is asked only after the order is read). Every other request waits for its session to be looked up first.
 */
export function foldsSession(request: Request, path: string): boolean {
  const method = request.method;
  if (method === "GET" || method === "HEAD") return true;
  return (
    method === "POST" &&
    (path === "/cart" || path === "/checkout" || /^\/(?:product|checkout\/pay)\/[^/]+$/.test(path)) &&
    keepsACopy(declaredLength(request.headers))
  );
}

/**
 * A folded post keeps a copy of its body in case it must run again for a guest (worker/index.ts), so only a body that
 * declares a length a plain form may have folds: a copy of anything larger, or of a body of no declared length, would
 * hold in memory whatever a client chose to send. Those wait for their session to be looked up first, as before.
 */
function keepsACopy(length: ReturnType<typeof declaredLength>): boolean {
  return typeof length === "number" && length <= PLAIN_FORM_LIMIT_BYTES;
}
