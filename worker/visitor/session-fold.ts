/**
 * The page requests whose shopper may be a claimed customer, checked inside the request's own D1 calls (decision 056):
 * those whose every effect as the customer is a D1 call, which the gate refuses while the claim is unverified. Any
 * page read but the pay step (it asks the payment gateway for an order before it writes), adding from a product
 * page, the cart page's changes and the checkout's (placing an order touches anything else only after its batch, which
 * the gate has verified by then). Every other request waits for its session to be looked up first.
 */
export function foldsSession(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") return !path.startsWith("/checkout/pay/");
  return method === "POST" && (path === "/cart" || path === "/checkout" || /^\/product\/[^/]+$/.test(path));
}
