import type { KeyScope } from "../../commerce/store-actor";

/**
 * Which key scope each owner call needs (decisions 040, 059): one table, read from the request's method and path alone,
 * so the key and its scope are checked before any body is read. "any" takes every live key of the store; a scope takes
 * its own keys and those of scope all; "all" takes only keys of scope all. tests/worker/admin-guard.test.ts holds every
 * /api/admin route of the route table to an entry here.
 */
export type OwnerScope = KeyScope | "any";

export const OWNER_SCOPES: readonly { route: string; scope: OwnerScope }[] = [
  // What the store still needs (names only, never a value): any key of the store may ask.
  { route: "GET /api/admin/go-live", scope: "any" },
  { route: "GET /api/admin/orders", scope: "orders" },
  { route: "GET /api/admin/orders/:order_id", scope: "orders" },
  { route: "POST /api/admin/orders/:order_id/status", scope: "orders" },
  { route: "GET /api/admin/order-updates", scope: "orders" },
  // The store's content: its file, images and stock.
  { route: "PUT /api/admin/store", scope: "store" },
  { route: "PUT /api/admin/store/:section", scope: "store" },
  { route: "POST /api/admin/images", scope: "store" },
  { route: "POST /api/admin/stock", scope: "store" },
  // Keys make keys: only a key that may do everything may list, make or revoke them.
  { route: "GET /api/admin/keys", scope: "all" },
  { route: "POST /api/admin/keys", scope: "all" },
  { route: "POST /api/admin/keys/:id/revoke", scope: "all" },
  // Staff sign in to the desk with their own passwords (decision 083): only the owner's key may say who they are.
  { route: "GET /api/admin/staff", scope: "all" },
  { route: "POST /api/admin/staff", scope: "all" },
  { route: "POST /api/admin/staff/:id/remove", scope: "all" },
];

const MATCHERS = OWNER_SCOPES.map(({ route, scope }) => {
  const [method, path] = route.split(" ") as [string, string];
  return { method, path: new RegExp(`^${path.replace(/:[a-z_]+/g, "[^/]+")}$`), scope };
});

/** The scope a call needs; a path no owner route has needs scope all, so a route missing here is never open to less. */
export function ownerScopeOf(method: string, path: string): OwnerScope {
  const asked = method === "HEAD" ? "GET" : method;
  return MATCHERS.find((m) => m.method === asked && m.path.test(path))?.scope ?? "all";
}
