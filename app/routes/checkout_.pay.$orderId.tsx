import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatPrice, toMajor } from "../../commerce/money";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { RazorpayCheckout } from "../components/checkout/razorpay-checkout";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";
import { orderPlacedPath, processPayment, readPayStep } from "../lib/pay.server";
import { refused } from "../lib/refused.server";
import { useCurrency } from "../lib/use-store";

/** What Razorpay Checkout's handler hands the page (with JavaScript only). */
const checkoutResult = z.object({
  razorpay_order_id: z.string().check(z.maxLength(60)),
  razorpay_payment_id: z.string().check(z.maxLength(60)),
  razorpay_signature: z.string().check(z.maxLength(128)),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  return { title: pageTranslator(context)("checkout.pay_title"), pay: await readPayStep(context, request, params.orderId ?? "") };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireCustomer(context, request);
  const orderId = params.orderId ?? "";
  const form = await readForm(request, checkoutResult);
  if (!form.ok) return refused({ ok: false, message: form.message });
  const result = await processPayment(context, request, { order_id: orderId, ...form.data });
  if (!result.ok) return refused({ ok: false, message: result.message });
  return redirect(orderPlacedPath(orderId), 303);
}

export const headers = shopperHeaders;

export default function PayPage() {
  const { title, pay } = useLoaderData<typeof loader>();
  const t = useT();
  const refusal = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const currency = useCurrency();
  const amount = formatPrice(toMajor(pay.amount, currency.decimalPlaces), currency);
  return (
    <Page title={title} testId="pay-page">
      <div className="card flex flex-col gap-3 p-5">
        <p>
          {withElements(t("checkout.pay_order", slots("number")), { number: <strong data-testid="pay-order-number">{pay.number}</strong> })}
        </p>
        <p>{withElements(t("checkout.amount_to_pay", slots("amount")), { amount: <strong data-testid="pay-amount">{amount}</strong> })}</p>
        <RazorpayCheckout pay={pay} label={t("checkout.pay_amount", { amount })} busy={busy} refusal={refusal} />
        {pay.gateway === "test" ? <p className="text-sm text-gray-700">{t("checkout.test_gateway")}</p> : null}
      </div>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
