import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "../components/alert";
import { DeliveryLocationForm, FulfillmentForm } from "../components/cart/cart-forms";
import { CartSummary } from "../components/cart/cart-summary";
import { EmptyCart } from "../components/cart/empty-cart";
import { CheckoutItems } from "../components/checkout/checkout-items";
import { PlaceOrderForm } from "../components/checkout/place-order-form";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { requireCustomer } from "../lib/account.server";
import { loadAddresses } from "../lib/addresses.server";
import { shopperHeaders } from "../lib/cache-headers";
import { readCart } from "../lib/cart.server";
import { checkoutAction } from "../lib/checkout.server";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A guest signs in first and comes back here, the guest cart merged into the customer's.
  requireCustomer(context, request);
  const reading = readCart(context);
  const rest = Promise.all([loadAddresses(context, request), context.origin.checkoutOptions(), context.origin.checkWallet()]);
  // It may fail before the cart is read (a closed store refuses the options at once): marked handled now, its failure
  // is still thrown by the await below.
  rest.catch(() => undefined);
  // Spec section 8: a cart that could not be read is reported as 'Cart Fetch Error' (on the error page here), whatever
  // else failed with it (the options and the wallet read the cart too).
  const read = await reading;
  if (!read.ok) throw new Response(read.message, { status: 502 });
  const [addresses, options, wallet] = await rest;
  const cart = read.cart;
  context.shopper.setCartCount(cart.cartDetails.item_count);
  // A new key for each showing of the form: a double submit of this one is one order; after an order, a new one.
  const title = pageTranslator(context)("checkout.title");
  return { title, cart, addresses, options, wallet, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  return checkoutAction(context, request);
}

export const headers = shopperHeaders;

export default function CheckoutPage() {
  const { title, cart, addresses, options, wallet, idempotencyKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const pickupFrom = { name: options.pickup.branch_name, address: options.pickup.branch_address };
  return (
    <Page title={title} testId="checkout-page" column="wide">
      <Alert message={refusal && "message" in refusal ? refusal.message : null} testId="checkout-error" />
      {cart.cartItems.length === 0 ? (
        <EmptyCart testId="checkout-empty" />
      ) : (
        <>
          <CheckoutItems cart={cart} />
          {options.pickup.available ? <FulfillmentForm cart={cart} pickupFrom={pickupFrom} page="/checkout" /> : null}
          {cart.cartDetails.fulfillment === "delivery" ? <DeliveryLocationForm cart={cart} addresses={addresses} page="/checkout" /> : null}
          <CartSummary cart={cart} />
          <PlaceOrderForm cart={cart} options={options} wallet={wallet} idempotencyKey={idempotencyKey} />
        </>
      )}
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
