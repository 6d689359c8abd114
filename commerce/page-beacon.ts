/**
 * What a storefront page's page-speed beacon is (decision 084). Pages are told apart by kind, never by their address,
 * so a beacon names no product, order, search or shopper.
 */
export const PAGE_KINDS = ["home", "category", "product", "search", "cart", "checkout", "account", "content", "other"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Where the storefront's pages send their beacon (worker/api/page-speed.ts). */
export const PAGE_SPEED_PATH = "/api/page-speed";

/** A beacon is about 60 bytes of JSON; the API reads no more than this of one (worker/http/body-limits.ts). */
export const BEACON_LIMIT_BYTES = 1024;

/** A route file's first name (`routes/<first>.…`, app/routes/) → its kind; every other route is `other`. */
const KIND_OF_ROUTE: Readonly<Record<string, PageKind>> = {
  _index: "home",
  category: "category",
  product: "product",
  search: "search",
  cart: "cart",
  checkout: "checkout",
  checkout_: "checkout",
  "order-placed": "checkout",
  account: "account",
  login: "account",
  register: "account",
  "forgot-password": "account",
  "track-order": "account",
  "refer-a-friend": "account",
  r: "account",
  page: "content",
};

/** The kind of the page a Remix route id names (`routes/product.$slug` → product). */
export function pageKindOf(routeId: string | undefined): PageKind {
  const first = /^routes\/([^.]+)/.exec(routeId ?? "")?.[1] ?? "";
  return Object.hasOwn(KIND_OF_ROUTE, first) ? KIND_OF_ROUTE[first]! : "other";
}
