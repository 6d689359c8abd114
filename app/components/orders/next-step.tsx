import type { OrderStatus } from "../../../commerce/order-status";
import type { OrderAnswer } from "../../../worker/orders";

/** What happens next, by status: what the shopper waits for or can do. */
function nextStepText(order: Pick<OrderAnswer, "status" | "fulfillment" | "branch_name">): string {
  const pickup = order.fulfillment === "pickup";
  const texts: Record<OrderStatus, string> = {
    pending_payment: "Your order is waiting for payment.",
    payment_failed: "Your payment did not go through. You can try again.",
    placed: "The store will confirm your order shortly.",
    confirmed: "The store has confirmed your order and is preparing it.",
    packed: pickup
      ? `Your order is packed and ready to collect from ${order.branch_name}.`
      : "Your order is packed and will be on its way soon.",
    out_for_delivery: "Your order is on its way.",
    delivered: pickup ? "You collected your order. Enjoy!" : "Your order was delivered. Enjoy!",
    cancelled: "This order was cancelled.",
    expired: "This order was not paid in time and has expired. Nothing was charged.",
  };
  return texts[order.status];
}

export function NextStep({ order }: { order: OrderAnswer }) {
  return (
    <p className="rounded-lg bg-brand-a10 px-3 py-2 text-sm text-ink" data-testid="order-next-step">
      {nextStepText(order)}
      {order.status === "cancelled" && order.cancel_reason ? ` Reason: ${order.cancel_reason}` : null}
    </p>
  );
}
