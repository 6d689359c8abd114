import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { Translate } from "../../commerce/i18n/catalogue";
import { isFinalOrder } from "../../commerce/order-final";
import type { OrderAnswer } from "../../worker/orders";
import { ErrorPage } from "../components/error-page";
import { LiveAnnouncement } from "../components/orders/live-announcement";
import { OrderDetails } from "../components/orders/order-details";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { loadOrder } from "../lib/orders.server";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";
import { useOrderUpdates } from "../lib/use-order-updates";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { title: pageTranslator(context)("orders.placed_title"), order: await loadOrder(context, request, params.orderId) };
}

export const headers = shopperHeaders;

export default function OrderPlacedPage() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  const announcement = useOrderUpdates(isFinalOrder(order.status, order.payment_status) ? null : `/api/order-updates?order_id=${order.id}`);
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8" data-testid="order-placed-page">
      <h1 className="text-2xl font-semibold text-ink" data-testid="order-placed-heading">
        {heading(t, order)}
      </h1>
      {order.can_pay ? (
        <Link to={`/checkout/pay/${order.id}`} className="btn-brand" data-testid="pay-now">
          {order.status === "payment_failed" ? t("orders.try_again") : t("orders.pay_now")}
        </Link>
      ) : null}
      <OrderDetails order={order} />
      <LiveAnnouncement text={announcement} />
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to={order.tracking_path} className="text-brand underline" data-testid="track-order">
          {t("orders.track_your_order")}
        </Link>
        <Link to="/account/my-orders" className="text-brand underline">
          {t("orders.all_orders")}
        </Link>
      </div>
    </main>
  );
}

/** The confirmation, or what stands in its way: a payment still to make, or an order that ended unpaid. */
function heading(t: Translate, order: OrderAnswer): string {
  const { number } = order;
  switch (order.status) {
    case "pending_payment":
      return t("orders.heading_pending_payment", { number });
    case "payment_failed":
      return t("orders.heading_payment_failed", { number });
    case "cancelled":
      return t("orders.heading_cancelled", { number });
    case "expired":
      return t("orders.heading_expired", { number });
    default:
      return t("orders.heading_placed", { number });
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
