import { ORDER_STATUS_MESSAGE, PAYMENT_STATUS_MESSAGE } from "../../../commerce/order-status";
import type { OrderHistoryEntry } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import { OrderDate } from "../account/order-date";
import { CardSection } from "../card-section";

/** Every change of the order's status or payment, oldest first, with when it happened. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  const t = useT();
  return (
    <CardSection id="order-history" title={t("orders.history")} small>
      <ol className="flex flex-col gap-2" data-testid="order-history">
        {history.map((entry) => (
          <li key={`${entry.at}-${entry.status}-${entry.payment_status}`} className="flex flex-col">
            <span className="font-medium text-ink">
              {t("orders.history_entry", {
                status: t(ORDER_STATUS_MESSAGE[entry.status]),
                payment: t(PAYMENT_STATUS_MESSAGE[entry.payment_status]),
              })}
            </span>
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
