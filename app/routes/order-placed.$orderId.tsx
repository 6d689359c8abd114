import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isFinalOrder } from "../../commerce/order-final";
import type { OrderAnswer } from "../../worker/orders";
import { ErrorPage } from "../components/error-page";
import { LiveAnnouncement } from "../components/orders/live-announcement";
import { OrderDetails } from "../components/orders/order-details";
import { shopperHeaders } from "../lib/cache-headers";
import { loadOrder } from "../lib/orders.server";
import { privatePageMeta } from "../lib/route-meta";
import { useOrderUpdates } from "../lib/use-order-updates";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { order: await loadOrder(context, request, params.orderId) };
}

export const headers = shopperHeaders;

export default function OrderPlacedPage() {
  const { order } = useLoaderData<typeof loader>();
  const announcement = useOrderUpdates(isFinalOrder(order.status, order.payment_status) ? null : `/api/order-updates?order_id=${order.id}`);
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8" data-testid="order-placed-page">
      <h1 className="text-2xl font-semibold text-ink" data-testid="order-placed-heading">
        {heading(order)}
      </h1>
      {order.can_pay ? (
        <Link to={`/checkout/pay/${order.id}`} className="btn-brand" data-testid="pay-now">
          {order.status === "payment_failed" ? "Try again" : "Pay now"}
        </Link>
      ) : null}
      <OrderDetails order={order} />
      <LiveAnnouncement text={announcement} />
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to={order.tracking_path} className="text-brand underline" data-testid="track-order">
          Track your order
        </Link>
        <Link to="/account/my-orders" className="text-brand underline">
          All your orders
        </Link>
      </div>
    </main>
  );
}

/** The confirmation, or what stands in its way: a payment still to make, or an order that ended unpaid. */
function heading(order: OrderAnswer): string {
  switch (order.status) {
    case "pending_payment":
      return `Your order ${order.number} is waiting for payment.`;
    case "payment_failed":
      return `Your payment for order ${order.number} did not go through.`;
    case "cancelled":
      return `Your order ${order.number} was cancelled.`;
    case "expired":
      return `Your order ${order.number} has expired.`;
    default:
      return `Thank you! Your order ${order.number} is placed.`;
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Order placed");

export const ErrorBoundary = ErrorPage;
