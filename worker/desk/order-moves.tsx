import { type StoreTarget, storeMoves } from "../../commerce/order-actions";
import type { OrderHeading } from "../orders";
import type { DeskView } from "./desk-view";

/**
 * The forms that move an order on the desk (decision 086): plain posts to /admin/orders/{id}/status, one button per
 * move the order may make now, and cancelling with a reason. They work without JavaScript; the answer leads back to
 * the page they were sent from.
 */

/** Where a move form was sent from, and so where its answer leads. */
export type MoveFrom = "board" | "order";

/** A refused move, shown beside the forms; `reason`: the cancel's reason was what was wrong. */
export interface MoveProblem {
  message: string;
  field?: "reason";
}

type MovableOrder = Pick<OrderHeading, "id" | "status" | "fulfillment">;

type Step = Exclude<StoreTarget, "cancelled">;

const isStep = (to: StoreTarget): to is Step => to !== "cancelled";

const actionOf = (order: MovableOrder) => `/admin/orders/${order.id}/status`;

interface FormsProps {
  view: DeskView;
  order: MovableOrder;
  from: MoveFrom;
  /** The element that names the order, for buttons whose own words do not (a board of many cards). */
  describedBy?: string;
}

function StepForm({ view, order, from, describedBy, steps }: FormsProps & { steps: Step[] }) {
  const { t } = view;
  return (
    <form method="post" action={actionOf(order)} className="steps">
      <input type="hidden" name="from" value={from} />
      {steps.map((to) => (
        <button key={to} type="submit" name="status" value={to} id={`move-${order.id}-${to}`} aria-describedby={describedBy}>
          {t(to === "delivered" && order.fulfillment === "pickup" ? "board.move_delivered_pickup" : `board.move_${to}`)}
        </button>
      ))}
    </form>
  );
}

/**
 * An order's moves: the next step at hand; the steps past it and cancelling folded away on a board's card, open on the
 * order's own page. An order with none left says so on its page.
 */
export function OrderMoves(props: FormsProps & { problem?: MoveProblem }) {
  const { view, order, from, describedBy, problem } = props;
  const { t } = view;
  const moves = storeMoves(order.status, order.fulfillment);
  if (moves.length === 0) return from === "order" ? <p>{t("board.no_moves")}</p> : null;
  const [next, ...later] = moves.filter(isStep);
  const invalid = problem?.field === "reason";
  return (
    <div className="moves">
      {next ? <StepForm {...props} steps={[next]} /> : null}
      {later.length > 0 || moves.includes("cancelled") ? (
        <details id={`more-${order.id}`} open={from === "order" || invalid}>
          <summary aria-describedby={describedBy}>{t("board.more_moves")}</summary>
          {later.length > 0 ? <StepForm {...props} steps={later} /> : null}
          {moves.includes("cancelled") ? (
            <form method="post" action={actionOf(order)} className="stack cancel" noValidate>
              <input type="hidden" name="from" value={from} />
              <input type="hidden" name="status" value="cancelled" />
              <label>
                {t("board.cancel_reason")}
                <textarea
                  name="reason"
                  id={`reason-${order.id}`}
                  rows={2}
                  maxLength={500}
                  required
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? "move-problem" : undefined}
                />
              </label>
              <button type="submit" className="danger" id={`move-${order.id}-cancelled`} aria-describedby={describedBy}>
                {t("board.cancel")}
              </button>
            </form>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
