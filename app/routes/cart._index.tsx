import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ProductCard as ProductCardData } from "../../worker/catalog/product-card";
import { Alert } from "../components/alert";
import { CouponForm, DeliveryLocationForm, FulfillmentForm } from "../components/cart/cart-forms";
import { CartLine } from "../components/cart/cart-line";
import { CartSummary } from "../components/cart/cart-summary";
import { EmptyCart } from "../components/cart/empty-cart";
import { ReorderNotice } from "../components/cart/reorder-notice";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { ProductCard as RenderedProductCard } from "../components/product-card";
import { useT } from "../i18n/use-t";
import { withMessages } from "../i18n/with-messages";
import { isSignedIn } from "../lib/account.server";
import { loadAddresses } from "../lib/addresses.server";
import { shopperHeaders } from "../lib/cache-headers";
import { cartBadgeOf, readCart } from "../lib/cart.server";
import { cartAction } from "../lib/cart-actions.server";
import { hydratedLater } from "../lib/hydrated-later";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";
import { getStoreData } from "../lib/store-data.server";

/** 'You may also like' under the cart: the store's suggestions as product cards (`Card`), in a strip. */
function stripOf(Card: typeof RenderedProductCard) {
  return function RecommendedStrip({ products }: { products: ProductCardData[] }) {
    const t = useT();
    return (
      <section data-testid="recommended">
        <h2 className="section-title">{t("cart.recommended_title")}</h2>
        <div className="strip">
          {products.map((product) => (
            <Card key={product.id} product={product} strip className="w-40 shrink-0 snap-start" />
          ))}
        </div>
      </section>
    );
  };
}

// Below the cart and its forms, the suggestions' cards (heart, add button) are not what a shopper reaches for first: the
// server renders them in full, the browser fetches their code after hydrating (decision 072). That code is the product
// card's own chunk, which the home, category and search pages have fetched already: from those, a client-side
// navigation's early fetch is answered at once, and the strip renders with the cart.
const RecommendedStrip = hydratedLater(
  "cart-recommended",
  import.meta.env.SSR ? stripOf(RenderedProductCard) : null,
  () => import("../components/product-card").then(withMessages).then((module) => stripOf(module.ProductCard)),
  { early: true },
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = isSignedIn(context);
  const [read, recommended, store, addresses] = await Promise.all([
    readCart(context),
    context.origin.recommended(),
    getStoreData(context), // the root loader's read, shared
    // A signed-in shopper delivers to a saved address; a guest gives a pincode.
    signedIn ? loadAddresses(context, request) : null,
  ]);
  // The badge follows the cart whenever it is read (or says the read failed, as the page does).
  const cartBadge = cartBadgeOf(context, read);
  const title = pageTranslator(context)("cart.title");
  if (!read.ok) return { title, cart: null, cartError: read.message, cartBadge, recommended, pickupFrom: null, addresses };
  const cart = read.cart;
  const branch = store.branches.find((b) => b.id === cart.cartDetails.branch_id);
  const pickupFrom = branch ? { name: branch.name, address: branch.address } : null;
  return { title, cart, cartError: null, cartBadge, recommended, pickupFrom, addresses };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return cartAction(context, request);
}

export const headers = shopperHeaders;

export default function CartPage() {
  const { title, cart, cartError, recommended, pickupFrom, addresses } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const t = useT();
  // The place search's refusal is said beside its field; any other above the cart.
  const placeRefusal = refusal?.place ? refusal : null;
  return (
    <Page title={title} testId="cart-page" column="wide">
      <ReorderNotice />
      <Alert message={refusal && !placeRefusal && "message" in refusal ? refusal.message : null} testId="cart-error" />
      {cart === null ? (
        // Spec section 8: a cart that could not be read is reported as such, not as an empty cart or an error page.
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-3 text-red-800" data-testid="cart-fetch-failed">
          <p className="font-semibold">{cartError}</p>
          <p className="text-sm">{t("cart.fetch_failed_help")}</p>
        </div>
      ) : cart.cartItems.length === 0 ? (
        <EmptyCart testId="cart-empty" />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {cart.cartItems.map((line) => (
              <CartLine key={line.id} line={line} adjustment={cart.adjusted_cart_items.find((a) => a.cart_item_id === line.id)} />
            ))}
          </ul>
          {cart.discount_eligibility_message ? (
            <p className="rounded-lg bg-brand-a10 px-3 py-2 text-sm text-ink" data-testid="discount-nudge">
              {cart.discount_eligibility_message}
            </p>
          ) : null}
          <CouponForm cart={cart} />
          {cart.cartDetails.pickup_available ? <FulfillmentForm cart={cart} pickupFrom={pickupFrom} /> : null}
          {cart.cartDetails.fulfillment === "delivery" ? (
            <DeliveryLocationForm cart={cart} addresses={addresses} placeRefusal={placeRefusal} />
          ) : null}
          <CartSummary cart={cart} />
          {cart.cartItems.some((line) => !line.available) ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="cart-unavailable-notice">
              {t("cart.unavailable_notice")}
            </p>
          ) : null}
          <Link to="/checkout" className="btn-brand text-center" data-testid="go-to-checkout">
            {t("cart.checkout")}
          </Link>
        </>
      )}
      {recommended.length ? <RecommendedStrip products={recommended} /> : null}
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
