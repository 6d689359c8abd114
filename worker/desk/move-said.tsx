import type { Translate } from "../../commerce/i18n/catalogue";
import type { OrderHeading } from "../orders";

/**
 * What the desk says after a move, from where the order stands when the page is drawn (not from the address, which
 * anyone could write): "Order SRK-1001 is now cancelled. Its payment is being refunded."
 */
export function movedNotice(t: Translate, order: Pick<OrderHeading, "number" | "status" | "payment_status">): string {
  const moved = t("orders.now_status", { number: order.number, status: order.status });
  if (order.payment_status === "refund_pending") return `${moved} ${t("board.refunding")}`;
  if (order.payment_status === "refunded" && order.status === "cancelled") return `${moved} ${t("board.refunded")}`;
  return moved;
}

/**
 * What the last move did, or why it was refused, at the top of the page: the move's answer leads to #done, and a
 * refused field names #move-problem as what describes it.
 */
export function MoveSaid({ notice, problem }: { notice?: string; problem?: string }) {
  return (
    <>
      {notice ? (
        <p role="status" id="done" className="done" tabIndex={-1}>
          {notice}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" id="move-problem" className="problem" tabIndex={-1}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
