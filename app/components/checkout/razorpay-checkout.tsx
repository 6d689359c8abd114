import { useFetcher } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import type { PayAnswer } from "../../../worker/payments";
import type { FormRefusal } from "../../lib/form-refusal";
import { useHydrated } from "../../lib/use-hydrated";
import { FormMessage } from "../account/text-field";

interface RazorpayResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

/** Loads Checkout.js once (the CSP allows its origin on /checkout pages only). */
function loadCheckout(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Checkout.js did not load"));
    document.head.appendChild(script);
  });
}

/**
 * The pay button. Without JavaScript it is a plain form posting to Razorpay's hosted checkout (or the test gateway),
 * which posts the result back to our callback. With JavaScript, Razorpay Checkout opens in the page and its handler's
 * result goes through this page's action; if Checkout.js cannot load, the form is posted as without JavaScript.
 */
export function RazorpayCheckout({ pay, label, busy, refusal }: { pay: PayAnswer; label: string; busy: boolean; refusal?: FormRefusal }) {
  const hydrated = useHydrated();
  // Checkout's result goes to the page action through a fetcher; a success redirects, a refusal is shown here.
  const fetcher = useFetcher<FormRefusal>();
  const form = useRef<HTMLFormElement>(null);
  const [opening, setOpening] = useState(false);
  const checkoutJs = pay.checkout_js;

  async function open(event: FormEvent<HTMLFormElement>) {
    if (!checkoutJs) return;
    event.preventDefault();
    setOpening(true);
    try {
      await loadCheckout(checkoutJs);
    } catch {
      form.current?.submit();
      return;
    }
    const Razorpay = window.Razorpay;
    if (!Razorpay) return form.current?.submit();
    new Razorpay({
      key: pay.key_id,
      amount: pay.amount,
      currency: pay.currency,
      name: pay.name,
      description: pay.description,
      order_id: pay.razorpay_order_id,
      prefill: pay.prefill,
      handler: (result: RazorpayResult) => {
        setOpening(false);
        fetcher.submit({ ...result }, { method: "post" });
      },
      modal: { ondismiss: () => setOpening(false) },
    }).open();
  }

  const fields: Record<string, string> = {
    key_id: pay.key_id,
    order_id: pay.razorpay_order_id,
    amount: String(pay.amount),
    currency: pay.currency,
    name: pay.name,
    description: pay.description,
    callback_url: pay.callback_url,
    cancel_url: pay.cancel_url,
    "prefill[name]": pay.prefill.name,
    "prefill[email]": pay.prefill.email,
    "prefill[contact]": pay.prefill.contact,
  };
  const waiting = busy || fetcher.state !== "idle" || (hydrated && opening);
  return (
    <form ref={form} method="post" action={pay.checkout_url} onSubmit={open} data-testid="pay-form" className="flex flex-col gap-3">
      <FormMessage refusal={fetcher.data ?? refusal} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-brand w-full" disabled={waiting} data-testid="pay-button">
        {label}
      </button>
    </form>
  );
}
