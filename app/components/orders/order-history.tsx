import type { OrderHistoryEntry } from "../../../worker/orders";
import { OrderDate } from "../account/order-date";
import { CardSection } from "../card-section";

/** Every change of the order's status or payment, oldest first, with when it happened. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <CardSection id="order-history" title="History" small>
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
    </CardSection>
  );
}
