import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isPublicId } from "../../commerce/ids";
import { isFinalOrder } from "../../commerce/order-final";
import { OrderDate } from "../components/account/order-date";
import { ErrorPage } from "../components/error-page";
import { TrackingTimeline } from "../components/orders/tracking-timeline";
import { Page } from "../components/page";
import { TextLink } from "../components/text-link";
import { shopperHeaders } from "../lib/cache-headers";
import { privatePageMeta } from "../lib/route-meta";
import { useOrderUpdates } from "../lib/use-order-updates";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? "";
  // An order id is 22 URL-safe characters; anything else names no order.
  if (!isPublicId(orderId)) throw new Response("Not found", { status: 404 });
  return { tracking: await context.origin.singleOrderToTrack({ order_id: orderId }) };
}

// Whoever holds the link sees where the order is now: never kept by a cache.
export const headers = shopperHeaders;

export default function TrackOrderPage() {
  const { tracking } = useLoaderData<typeof loader>();
  // With JavaScript the page follows the order live; the status line (a polite live region) says each transition.
  useOrderUpdates(isFinalOrder(tracking.status, null) ? null : `/api/order-updates?order_id=${tracking.id}`);
  // A cancelled order says why, as the store or the customer wrote it.
  const cancelNote = tracking.history.at(-1)?.note;
  return (
    <Page title={`Order ${tracking.number}`} testId="track-order-page">
      <p className="text-sm text-gray-600">
        Placed <OrderDate iso={tracking.placed_at} withTime />
        {tracking.branch_name ? ` at ${tracking.branch_name}` : ""}
      </p>
      <p className="text-lg font-medium text-ink" data-testid="tracking-status" role="status">
        {tracking.status_text}
        {tracking.status === "cancelled" && cancelNote ? `: ${cancelNote}` : ""}
      </p>
      <section aria-labelledby="steps-heading" className="card p-5">
        <h2 id="steps-heading" className="mb-3 font-semibold text-ink">
          {tracking.fulfillment === "pickup" ? "Pickup" : "Delivery"}
        </h2>
        <TrackingTimeline tracking={tracking} />
      </section>
      <section aria-labelledby="items-heading" className="card p-5">
        <h2 id="items-heading" className="mb-3 font-semibold text-ink">
          Items
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
        Refresh
      </TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  privatePageMeta(matches, data ? `Order ${data.tracking.number}` : "Track your order");

export const ErrorBoundary = ErrorPage;
