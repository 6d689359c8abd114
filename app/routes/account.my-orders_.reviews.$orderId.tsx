import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { ErrorPage } from "../components/error-page";
import { RateLineForm } from "../components/orders/rate-line-form";
import { Page } from "../components/page";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { accountAnswer, requireCustomer, signOutOn401 } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { optionalText } from "../lib/form-fields.server";
import type { FormRefusal } from "../lib/form-refusal";
import { loadOrder } from "../lib/orders.server";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

const rateForm = z.object({
  order_line_id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, issueId("account.item_not_in_order"))),
  rating: z.enum(["1", "2", "3", "4", "5"], { error: issueId("account.choose_rating") }),
  review: optionalText(issueId("account.at_most_characters"), 1000),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return { order: await loadOrder(context, request, params.orderId), title: pageTranslator(context)("account.rate_your_order") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  const orderId = params.orderId ?? "";
  const form = await readForm(request, rateForm);
  const line = new URL(request.url).searchParams.get("line") ?? "";
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields, line });
  const { order_line_id, rating, review } = form.data;
  const attempt = await context.origin.attempt.rateOrderItem({
    order_id: orderId,
    order_line_id: Number(order_line_id),
    rating: Number(rating),
    review: review ?? "",
  });
  if (!attempt.ok) signOutOn401(context, request, attempt);
  const answer = accountAnswer(attempt);
  if (!answer.ok) {
    const values = { rating, review: review ?? "" };
    return refused({ ...answer, values, line: order_line_id }, answer.retryAfter);
  }
  return redirect(`/account/my-orders/reviews/${orderId}`, 303);
}

export const headers = shopperHeaders;

export default function RateOrderPage() {
  const t = useT();
  const { order } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as (FormRefusal & { line: string }) | undefined;
  return (
    <Page title={t("account.rate_order_title", { number: order.number })} testId="rate-order-page">
      {order.can_rate ? (
        order.items.map((line) => <RateLineForm key={line.id} line={line} refusal={refusal?.line === String(line.id) ? refusal : null} />)
      ) : (
        <p className="card p-5 text-ink" data-testid="not-rateable">
          {t("account.not_rateable", { status: order.status })}
        </p>
      )}
      <TextLink to={order.tracking_path}>{t("account.follow_order")}</TextLink>
      <TextLink to="/account/my-orders">{t("account.back_to_orders")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
