import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isFinalOrder } from "../../commerce/order-final";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { Alert } from "../components/alert";
import { ErrorPage } from "../components/error-page";
import { LiveAnnouncement } from "../components/orders/live-announcement";
import { OrderDetails } from "../components/orders/order-details";
import { OrderHistory } from "../components/orders/order-history";
import { Page } from "../components/page";
import { SubmitButton } from "../components/submit-button";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { cancelAction } from "../lib/cancel-order.server";
import { loadOrder } from "../lib/orders.server";
import { pageTranslator } from "../lib/page-translator.server";
import { reorderAction } from "../lib/reorder.server";
import { privatePageMeta } from "../lib/route-meta";
import { useOrderUpdates } from "../lib/use-order-updates";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const order = await loadOrder(context, request, params.orderId);
  return { order, title: pageTranslator(context)("account.order_number", { number: order.number }) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireCustomer(context, request);
  // The forms carry only what they do: the order is the page's.
  const form = await readForm(request, z.object({ intent: z._default(z.enum(["reorder", "cancel"]), "reorder") }));
  if (form.ok && form.data.intent === "cancel") return cancelAction(context, request, params.orderId ?? "");
  return reorderAction(context, request, params.orderId ?? "");
}

export const headers = shopperHeaders;

export default function MyOrderPage() {
  const t = useT();
  const { order } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const announcement = useOrderUpdates(isFinalOrder(order.status, order.payment_status) ? null : `/api/order-updates?order_id=${order.id}`);
  return (
    <Page title={t("account.order_number", { number: order.number })} testId="my-order-page">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={order.tracking_path} className="btn-brand" data-testid="track-order">
          {t("account.track_order")}
        </Link>
        <Form method="post">
          <SubmitButton className="btn-outline" data-testid="reorder">
            {t("account.order_again")}
          </SubmitButton>
        </Form>
        {order.can_rate ? (
          <Link to={`/account/my-orders/reviews/${order.id}`} className="btn-outline" data-testid="rate-order">
            {t("account.rate_items")}
          </Link>
        ) : null}
        {order.can_cancel ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <SubmitButton className="btn-outline" data-testid="cancel-order">
              {t("account.cancel_order")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      <Alert message={refusal?.message} testId="reorder-error" />
      <OrderDetails order={order} />
      <OrderHistory history={order.history} />
      <LiveAnnouncement text={announcement} />
      <TextLink to="/account/my-orders">{t("account.back_to_orders")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
