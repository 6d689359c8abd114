import { ORDER_STATUS_MESSAGE } from "../../../commerce/order-status";
import { stepStates } from "../../../commerce/order-timeline";
import type { TrackingAnswer } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import { OrderDate } from "../account/order-date";

const MARKS = { done: "✓", current: "●", todo: "○" } as const;
const STATE_TEXT = { done: "orders.step_done", current: "orders.step_current", todo: "orders.step_todo" } as const;

/** The order's steps in order, each marked done, now or to come, with when it was reached. */
export function TrackingTimeline({ tracking }: { tracking: TrackingAnswer }) {
  const states = stepStates(tracking.steps, tracking.status);
  const t = useT();
  return (
    <ol className="flex flex-col gap-3" data-testid="tracking-steps">
      {tracking.steps.map((step, i) => {
        const state = states[i] ?? "todo";
        return (
          <li
            key={step.status}
            className="flex items-start gap-3"
            data-state={state}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span aria-hidden="true" className={state === "todo" ? "text-gray-500" : "text-brand"}>
              {MARKS[state]}
            </span>
            <span className="flex flex-col">
              <span className={state === "todo" ? "text-gray-600" : "font-medium text-ink"}>
                {t(ORDER_STATUS_MESSAGE[step.status])}
                <span className="sr-only">{` ${t(STATE_TEXT[state])}`}</span>
              </span>
              {step.at ? (
                <span className="text-sm text-gray-600">
                  <OrderDate iso={step.at} withTime />
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
