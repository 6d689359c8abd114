import { REFUND_TEXT } from "../../../commerce/refunds";
import type { OrderAnswer } from "../../../worker/orders";
import { OrderDate } from "../account/order-date";
import { Bill } from "../bill";
import { CardSection } from "../card-section";
import { NextStep } from "./next-step";
import { OrderItems } from "./order-items";

/** An order as the shopper reads it after placing it: where it stands, what is in it, what it costs, where it goes. */
export function OrderDetails({ order }: { order: OrderAnswer }) {
  return (
    <div className="flex flex-col gap-4" data-testid="order-details">
      <section className="card p-4" aria-label="Order summary">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">Order</dt>
          <dd className="font-medium text-ink" data-testid="order-number">
            {order.number}
          </dd>
          <dt className="text-gray-600">Placed</dt>
          <dd>
            <OrderDate iso={order.placed_at} withTime />
          </dd>
          <dt className="text-gray-600">Status</dt>
          <dd data-testid="order-status">{order.status_text}</dd>
          <dt className="text-gray-600">Payment</dt>
          <dd data-testid="order-payment">{paymentText(order)}</dd>
          {order.refund && order.refund.status !== "processed" ? (
            <>
              <dt className="text-gray-600">Refund</dt>
              <dd data-testid="order-refund">{REFUND_TEXT[order.refund.status]}</dd>
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
              Coupon {order.bill.coupon_code}
            </p>
          ) : null
        }
      />
      <OrderDestination order={order} />
    </div>
  );
}

const METHOD_TEXT: Record<OrderAnswer["payment_method"], string> = {
  cod: "Cash on delivery",
  online: "Online payment",
  wallet: "Wallet and rewards",
};

/** How the order is paid and where its payment stands ("Online payment · Paid"); cash not yet due reads once. */
function paymentText(order: OrderAnswer): string {
  const method = METHOD_TEXT[order.payment_method];
  return order.payment_status_text === method ? method : `${method} · ${order.payment_status_text}`;
}

/** Where the order goes: the delivery address, or the branch it is collected from; and the shopper's note. */
function OrderDestination({ order }: { order: OrderAnswer }) {
  const address = order.address;
  return (
    <CardSection id="order-destination" title={address ? "Delivery address" : "Pickup"} small testId="order-destination">
      {address ? (
        <address className="not-italic text-gray-700">
          {address.name}, {address.phone}
          <br />
          {[address.line1, address.line2, address.landmark].filter(Boolean).join(", ")}
          <br />
          {address.city}, {address.state} {address.pincode}
        </address>
      ) : (
        <p className="text-gray-700">Collect from {order.branch_name}</p>
      )}
      {order.note ? (
        <p className="mt-2 text-gray-700" data-testid="order-note">
          <span className="text-gray-600">Your note: </span>
          {order.note}
        </p>
      ) : null}
    </CardSection>
  );
}
