/**
 * The page requests whose shopper may be a claimed customer, checked inside the request's own D1 calls (decision 056).
 * A call the gate let through has verified the session, so what a request does outside D1 after an awaited D1 call
 * is done for a verified customer: these requests do nothing as the customer before their first D1 call. Any page
 * read, adding from a product page, the cart's and the checkout's forms, and the pay step with its result (the
 * gateway is asked only after the order is read). Every other request waits for its session to be looked up first.
 */
export function foldsSession(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return method === "POST" && (path === "/cart" || path === "/checkout" || /^\/(?:product|checkout\/pay)\/[^/]+$/.test(path));
}
