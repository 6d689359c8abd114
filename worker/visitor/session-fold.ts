/**
 * The page requests whose shopper may be a claimed customer, checked inside the request's own D1 calls (decision 056):
 * those whose every effect as the customer is a D1 call, which the gate refuses while the claim is unverified. Any
 * page read but the pay step (it asks the payment gateway for an order before it writes), adding from a product
 * page, and the cart page's changes. Every other request waits for its session to be looked up first.
 */
export function foldsSession(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return !path.startsWith("/checkout/pay/");
  return method === "POST" && (path === "/cart" || /^\/product\/[^/]+$/.test(path));
}
