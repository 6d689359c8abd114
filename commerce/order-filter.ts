import { ORDER_STATUSES, type OrderStatus } from "./order-status";

/**
 * The groups a customer filters their orders by. The API's `status` takes one status or a group's name; "active" is
 * every order the store or the shopper still has to act on.
 */

export const ACTIVE_STATUSES: readonly OrderStatus[] = ["pending_payment", "placed", "confirmed", "packed", "out_for_delivery"];

export const ORDER_FILTERS = ["active", ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The statuses a filter keeps (null: every order). */
export function filterStatuses(filter: OrderFilter | null): readonly OrderStatus[] | null {
  if (filter === null) return null;
  return filter === "active" ? ACTIVE_STATUSES : [filter];
}

/** The choices /account/my-orders offers, in its <select>'s order ("" is every order). */
export const ORDER_FILTER_CHOICES: readonly { value: "" | OrderFilter; label: string }[] = [
  { value: "", label: "All" },
  { value: "active", label: "In progress" },
  { value: "delivered", label: "Delivered" },
  { value: "cancelled", label: "Cancelled" },
];
