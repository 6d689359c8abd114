import type { OrderHistoryEntry } from "../../../worker/orders/order-answer";
import { OrderDate } from "../account/order-date";

/** Every change of the order's status or payment, oldest first, with when it happened. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <section className="card p-4 text-sm" aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="mb-2 font-semibold text-ink">
        History
      </h2>
      <ol className="flex flex-col gap-2" data-testid="order-history">
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.status}-${entry.payment_status}`} className="flex flex-col">
            <span className="font-medium text-ink">{`${entry.status_text} · ${entry.payment_status_text}`}</span>
            <span className="text-gray-600">
              <OrderDate iso={entry.at} withTime />
              {entry.note ? ` — ${entry.note}` : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
