import { customerOwner, guestOwner } from "./owner";

/**
 * Who is asking: a guest (with the guest id their cookie or client keeps, or none yet) or a signed-in customer of
 * the request's store. Resolved once per request (shopper-middleware for API clients, page-shopper for pages) and read
 * from there by everything else.
 */
export type Shopper = { kind: "guest"; guestId: string | null } | { kind: "customer"; customerId: number; token: string };

export const NEW_VISITOR: Shopper = { kind: "guest", guestId: null };

/** The owner text of the shopper's cart (worker/cart/cart-store), or null for a guest without an id yet. */
export function cartOwnerOf(shopper: Shopper): string | null {
  if (shopper.kind === "customer") return customerOwner(shopper.customerId);
  return shopper.guestId === null ? null : guestOwner(shopper.guestId);
}

/** The headers that name the shopper to the API (spec section 7): the bearer token, else the guest id. */
export function shopperHeaders(shopper: Shopper): Record<string, string> {
  if (shopper.kind === "customer") return { Authorization: `Bearer ${shopper.token}` };
  return shopper.guestId === null ? {} : { "guest-id": shopper.guestId };
}
