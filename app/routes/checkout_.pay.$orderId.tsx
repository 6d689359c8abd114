import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatPrice, toMajor } from "../../commerce/money";
import * as z from "../../commerce/zod";
import { RazorpayCheckout } from "../components/checkout/razorpay-checkout";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { readForm } from "../lib/form-reader.server";
import { orderPlacedPath, processPayment, readPayStep } from "../lib/pay.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";
import { useCurrency } from "../lib/use-store";

/** What Razorpay Checkout's handler hands the page (with JavaScript only). */
const checkoutResult = z.object({
  razorpay_order_id: z.string().check(z.maxLength(60)),
  razorpay_payment_id: z.string().check(z.maxLength(60)),
  razorpay_signature: z.string().check(z.maxLength(128)),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  return { pay: await readPayStep(context, request, params.orderId ?? "") };
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
  const { pay } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const currency = useCurrency();
  const amount = formatPrice(toMajor(pay.amount, currency.decimalPlaces), currency);
  return (
    <Page title="Pay for your order" testId="pay-page">
      <div className="card flex flex-col gap-3 p-5">
        <p>
          Order <strong data-testid="pay-order-number">{pay.number}</strong>
        </p>
        <p>
          Amount to pay: <strong data-testid="pay-amount">{amount}</strong>
        </p>
        <RazorpayCheckout pay={pay} label={`Pay ${amount}`} busy={busy} refusal={refusal} />
        {pay.gateway === "test" ? <p className="text-sm text-gray-700">Test gateway: no money moves (development only).</p> : null}
      </div>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Pay for your order");

export const ErrorBoundary = ErrorPage;
