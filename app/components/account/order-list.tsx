import { Link } from "@remix-run/react";
import type { Translate } from "../../../commerce/i18n/catalogue";
import type { OrderSummary } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import { Price } from "../price";
import { OrderDate } from "./order-date";

/** The customer's orders, each with its number, state, day, items and total, linking to its page. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order.id} className="card p-4" data-testid="order">
          <Link to={`/account/my-orders/${order.id}`} className="flex flex-col gap-1">
            <span className="flex items-center justify-between gap-3">
              <span className="font-medium text-ink">{t("account.order_number", { number: order.number })}</span>
              <span className="text-sm text-gray-700" data-testid="order-status">
                {order.status_text}
              </span>
            </span>
            <span className="text-sm text-gray-700">{itemsText(order, t)}</span>
            <span className="flex items-center justify-between gap-3 text-sm text-gray-700">
              <OrderDate iso={order.placed_at} />
              <Price amount={order.total} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "Butter chicken, Garlic naan and 2 more". */
function itemsText(order: OrderSummary, t: Translate): string {
  const more = order.item_count - order.item_names.length;
  const items = order.item_names.join(", ");
  return more > 0 ? t("account.items_and_more", { items, count: more }) : items;
}
