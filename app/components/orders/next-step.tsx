import type { Translate } from "../../../commerce/i18n/catalogue";
import type { OrderAnswer } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";

/** What happens next, by status: what the shopper waits for or can do. */
function nextStepText(t: Translate, order: Pick<OrderAnswer, "status" | "fulfillment" | "branch_name">): string {
  const pickup = order.fulfillment === "pickup";
  switch (order.status) {
    case "pending_payment":
      return t("orders.next_pending_payment");
    case "payment_failed":
      return t("orders.next_payment_failed");
    case "placed":
      return t("orders.next_placed");
    case "confirmed":
      return t("orders.next_confirmed");
    case "packed":
      return pickup ? t("orders.next_packed_pickup", { branch: order.branch_name }) : t("orders.next_packed_delivery");
    case "out_for_delivery":
      return t("orders.next_out_for_delivery");
    case "delivered":
      return pickup ? t("orders.next_delivered_pickup") : t("orders.next_delivered_delivery");
    case "cancelled":
      return t("orders.next_cancelled");
    case "expired":
      return t("orders.next_expired");
  }
}

export function NextStep({ order }: { order: OrderAnswer }) {
  const t = useT();
  return (
    <p className="rounded-lg bg-brand-a10 px-3 py-2 text-sm text-ink" data-testid="order-next-step">
      {nextStepText(t, order)}
      {order.status === "cancelled" && order.cancel_reason ? ` ${t("orders.cancel_reason", { reason: order.cancel_reason })}` : null}
    </p>
  );
}
