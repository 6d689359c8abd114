import type { Translate } from "../../../commerce/i18n/catalogue";
import { ORDER_STATUS_MESSAGE, PAYMENT_STATUS_MESSAGE } from "../../../commerce/order-status";
import type { OrderAnswer } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import { OrderDate } from "../account/order-date";
import { Bill } from "../bill";
import { CardSection } from "../card-section";
import { NextStep } from "./next-step";
import { OrderItems } from "./order-items";

/** An order as the shopper reads it after placing it: where it stands, what is in it, what it costs, where it goes. */
export function OrderDetails({ order }: { order: OrderAnswer }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4" data-testid="order-details">
      <section className="card p-4" aria-label={t("orders.summary_label")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{t("orders.order")}</dt>
          <dd className="font-medium text-ink" data-testid="order-number">
            {order.number}
          </dd>
          <dt className="text-gray-600">{t("orders.placed")}</dt>
          <dd>
            <OrderDate iso={order.placed_at} withTime />
          </dd>
          <dt className="text-gray-600">{t("orders.status")}</dt>
          <dd data-testid="order-status">{t(ORDER_STATUS_MESSAGE[order.status])}</dd>
          <dt className="text-gray-600">{t("orders.payment")}</dt>
          <dd data-testid="order-payment">{paymentText(t, order)}</dd>
          {order.refund && order.refund.status !== "processed" ? (
            <>
              <dt className="text-gray-600">{t("orders.refund")}</dt>
              <dd data-testid="order-refund">{t(REFUND_TEXT[order.refund.status])}</dd>
            </>
          ) : null}
        </dl>
        <div className="mt-3">
          <NextStep order={order} />
        </div>
      </section>
      <OrderItems items={order.items} />
      <Bill
        bill={order.bill}
        delivery={order.fulfillment === "delivery"}
        titleId="order-bill-title"
        testId="order-bill"
        tenders={order.bill}
        note={
          order.bill.coupon_code ? (
            <p className="text-xs text-gray-600" data-testid="order-coupon">
              {t("orders.coupon", { code: order.bill.coupon_code })}
            </p>
          ) : null
        }
      />
      <OrderDestination order={order} />
    </div>
  );
}

const METHOD_TEXT = {
  cod: "orders.method_cod",
  online: "orders.method_online",
  wallet: "orders.method_wallet",
} as const;

/** What the shopper reads of a refund not yet processed (a processed one reads as the payment's "Refunded"). */
const REFUND_TEXT = {
  pending: "orders.refund_pending",
  retrying: "orders.refund_retrying",
  failed: "orders.refund_failed",
} as const;

/** How the order is paid and where its payment stands ("Online payment · Paid"); cash not yet due reads once. */
function paymentText(t: Translate, order: OrderAnswer): string {
  const method = t(METHOD_TEXT[order.payment_method]);
  if (order.payment_method === "cod" && order.payment_status === "cod_pending") return method;
  return t("orders.payment_method_status", { method, status: t(PAYMENT_STATUS_MESSAGE[order.payment_status]) });
}

/** Where the order goes: the delivery address, or the branch it is collected from; and the shopper's note. */
function OrderDestination({ order }: { order: OrderAnswer }) {
  const address = order.address;
  const t = useT();
  return (
    <CardSection
      id="order-destination"
      title={address ? t("orders.delivery_address") : t("orders.pickup")}
      small
      testId="order-destination"
    >
      {address ? (
        <address className="not-italic text-gray-700">
          {address.name}, {address.phone}
          <br />
          {[address.line1, address.line2, address.landmark].filter(Boolean).join(", ")}
          <br />
          {address.city}, {address.state} {address.pincode}
        </address>
      ) : (
        <p className="text-gray-700">{t("orders.collect_from", { branch: order.branch_name })}</p>
      )}
      {order.note ? (
        <p className="mt-2 text-gray-700" data-testid="order-note">
          <span className="text-gray-600">{`${t("orders.your_note")} `}</span>
          {order.note}
        </p>
      ) : null}
    </CardSection>
  );
}
