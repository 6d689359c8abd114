import { isGuestId, parseId } from "../../commerce/ids";

/**
 * Who owns a cart, an order or a coupon use, as the tables' `owner` column holds it: `guest:<guest id>` or
 * `customer:<id>`. Only this module writes or reads that text; SQL reads the owner through the columns migration
 * 0024 derives from it (`customer_id`, `guest_id`), never by cutting the text apart.
 */

/** The owner text of a guest's cart. */
export function guestOwner(guestId: string): string {
  return `guest:${guestId}`;
}

/** The owner text of a customer's cart, orders and coupon uses. */
export function customerOwner(customerId: number): string {
  return `customer:${customerId}`;
}

/** `guest:<guest id>` or `customer:<id>`, in the formats commerce/ids defines. */
export function isOwner(owner: string): boolean {
  const [kind, id] = owner.split(":", 2) as [string, string | undefined];
  return kind === "guest" ? isGuestId(id) : kind === "customer" && parseId(id) !== null;
}

/** What a throttle counts: each purpose has its own budget per store and owner. */
export type ThrottlePurpose = "cart" | "order" | "wishlist";

/** The limiter key of one owner's calls of one purpose in one store; the one format of every throttle key. */
export function throttleKey(purpose: ThrottlePurpose, tenantId: number, owner: string): string {
  return `${purpose}:${tenantId}:${owner}`;
}
