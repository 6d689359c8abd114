import { ORDER_STATUS_TEXT } from "../../../commerce/order-status";
import type { OrderSummary } from "../../../worker/orders/order-list";

/** The customer's orders, each with its number, state and day. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order.id} className="card flex items-center justify-between gap-3 p-4" data-testid="order">
          <span className="font-medium text-ink">Order #{order.id}</span>
          <span className="text-sm text-gray-700">
            {ORDER_STATUS_TEXT[order.status]} ·{" "}
            <time dateTime={new Date(order.placed_at).toISOString()}>
              {new Date(order.placed_at).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}
