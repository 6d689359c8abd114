import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ORDER_FILTER_CHOICES, type OrderFilter } from "../../commerce/order-filter";
import { MY_ORDER_UPDATES_PATH } from "../../commerce/order-updates-path";
import { OrderFilterForm } from "../components/account/order-filter-form";
import { OrderList } from "../components/account/order-list";
import { ErrorPage } from "../components/error-page";
import { LiveAnnouncement } from "../components/orders/live-announcement";
import { Page } from "../components/page";
import { PagedList } from "../components/paged-list";
import { useT } from "../i18n/use-t";
import { customerRead, requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { requestedPage } from "../lib/paging";
import { privatePageMeta } from "../lib/route-meta";
import { useOrderUpdates } from "../lib/use-order-updates";

const PER_PAGE = 20;

/** The filter the address asks for; anything but one of the offered choices is every order. */
function requestedFilter(request: Request): OrderFilter | "" {
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  return ORDER_FILTER_CHOICES.find((choice) => choice.value === asked)?.value ?? "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const status = requestedFilter(request);
  const query = { page: String(requestedPage(request)), per_page: String(PER_PAGE), ...(status ? { status } : {}) };
  const orders = await customerRead(context, request, context.origin.allOrders(query));
  return { orders, status, title: pageTranslator(context)("account.your_orders") };
}

export const headers = shopperHeaders;

export default function MyOrdersPage() {
  const t = useT();
  const { orders, status } = useLoaderData<typeof loader>();
  const filtered = status ? `&status=${status}` : "";
  // One connection for all of the customer's orders: a transition of any reads the list again.
  const announcement = useOrderUpdates(MY_ORDER_UPDATES_PATH);
  return (
    <Page title={t("account.your_orders")} testId="my-orders-page">
      <OrderFilterForm status={status} />
      <LiveAnnouncement text={announcement} />
      <PagedList
        // Another filter is another list: its pages start again.
        key={status}
        followData
        firstPage={orders}
        dataKey="orders"
        pageHref={(page) => `/account/my-orders?page=${page}${filtered}`}
        emptyText={status ? t("account.no_orders_like_this") : t("account.no_orders")}
        testId="order-list"
        renderItems={(items) => <OrderList orders={items} />}
      />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
