import type { MessageId } from "./i18n/compiled/message-ids";
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

/** The choices /account/my-orders offers, in its <select>'s order ("" is every order), each named by its message. */
export const ORDER_FILTER_CHOICES = [
  { value: "", label: "account.filter_all" },
  { value: "active", label: "account.filter_active" },
  { value: "delivered", label: "account.filter_delivered" },
  { value: "cancelled", label: "account.filter_cancelled" },
] as const satisfies readonly { value: "" | OrderFilter; label: MessageId }[];
