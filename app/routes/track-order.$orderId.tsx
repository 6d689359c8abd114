import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isPublicId } from "../../commerce/ids";
import { isFinalOrder } from "../../commerce/order-final";
import { ORDER_STATUS_MESSAGE } from "../../commerce/order-status";
import { OrderDate } from "../components/account/order-date";
import { ErrorPage } from "../components/error-page";
import { TrackingTimeline } from "../components/orders/tracking-timeline";
import { Page } from "../components/page";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { shopperHeaders } from "../lib/cache-headers";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";
import { useOrderUpdates } from "../lib/use-order-updates";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? "";
  // An order id is 22 URL-safe characters; anything else names no order.
  if (!isPublicId(orderId)) throw new Response("Not found", { status: 404 });
  const tracking = await context.origin.singleOrderToTrack({ order_id: orderId });
  return { title: pageTranslator(context)("orders.order_number", { number: tracking.number }), tracking };
}

// Whoever holds the link sees where the order is now: never kept by a cache.
export const headers = shopperHeaders;

export default function TrackOrderPage() {
  const { title, tracking } = useLoaderData<typeof loader>();
  const t = useT();
  // With JavaScript the page follows the order live; the status line (a polite live region) says each transition.
  useOrderUpdates(isFinalOrder(tracking.status, null) ? null : `/api/order-updates?order_id=${tracking.id}`);
  // A cancelled order says why, as the store or the customer wrote it.
  const cancelNote = tracking.history.at(-1)?.note;
  const status = t(ORDER_STATUS_MESSAGE[tracking.status]);
  const placedAt = <OrderDate iso={tracking.placed_at} withTime />;
  return (
    <Page title={title} testId="track-order-page">
      <p className="text-sm text-gray-600">
        {tracking.branch_name
          ? withElements(t("orders.placed_at_branch", { ...slots("date"), branch: tracking.branch_name }), { date: placedAt })
          : withElements(t("orders.placed_at", slots("date")), { date: placedAt })}
      </p>
      <p className="text-lg font-medium text-ink" data-testid="tracking-status" role="status">
        {tracking.status === "cancelled" && cancelNote ? t("orders.status_with_note", { status, note: cancelNote }) : status}
      </p>
      <section aria-labelledby="steps-heading" className="card p-5">
        <h2 id="steps-heading" className="mb-3 font-semibold text-ink">
          {tracking.fulfillment === "pickup" ? t("orders.pickup") : t("orders.delivery")}
        </h2>
        <TrackingTimeline tracking={tracking} />
      </section>
      <section aria-labelledby="items-heading" className="card p-5">
        <h2 id="items-heading" className="mb-3 font-semibold text-ink">
          {t("orders.items")}
        </h2>
        <ul className="flex flex-col gap-1" data-testid="tracking-items">
          {tracking.items.map((item, i) => (
            // Two lines may share a name (different options): the position keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <li key={i}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      </section>
      <TextLink to={`/track-order/${tracking.id}`} data-testid="refresh-tracking">
        {t("orders.refresh")}
      </TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
