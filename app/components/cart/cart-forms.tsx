import { Form, Link } from "@remix-run/react";
import type { Address } from "../../../commerce/addresses";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import { withMessages } from "../../i18n/with-messages";
import type { CartFormRefusal } from "../../lib/delivery-place";
import { hydratedLater } from "../../lib/hydrated-later";
import { FIELD_CLASS } from "./field-class";
import { GuestLocationForm as RenderedGuestLocationForm } from "./guest-location-form";
import { type CartFormPage, SavedAddressForm } from "./saved-address-form";
import { useBusy } from "./use-busy";

/** Apply or remove a coupon; the server's coupon_message says whether and why it applies. */
export function CouponForm({ cart }: { cart: CartAnswer }) {
  const busyApplying = useBusy("apply-coupon");
  const busyRemoving = useBusy("remove-coupon");
  const t = useT();
  return (
    <section className="card p-4" data-testid="coupon">
      <h2 className="mb-2 font-semibold text-ink">{t("cart.coupon_title")}</h2>
      {cart.customer_applied_coupon ? (
        <Form method="post" action="/cart" className="flex items-center gap-3">
          <input type="hidden" name="intent" value="remove-coupon" />
          <span className="rounded bg-brand-a10 px-2 py-1 font-mono text-sm" data-testid="applied-coupon">
            {cart.customer_applied_coupon}
          </span>
          <button type="submit" className="text-sm underline" disabled={busyRemoving}>
            {t("cart.remove_coupon")}
          </button>
        </Form>
      ) : (
        <Form method="post" action="/cart" className="flex gap-2">
          <input type="hidden" name="intent" value="apply-coupon" />
          <label className="sr-only" htmlFor="coupon-code">
            {t("cart.coupon_code")}
          </label>
          <input
            id="coupon-code"
            name="code"
            required
            maxLength={40}
            placeholder={t("cart.coupon_code")}
            className={FIELD_CLASS}
            autoComplete="off"
          />
          <button type="submit" className="btn-outline" disabled={busyApplying} data-testid="apply-coupon">
            {t("cart.apply")}
          </button>
        </Form>
      )}
      {cart.coupon_message ? (
        <p className={`mt-2 text-sm ${cart.coupon_applied ? "text-green-700" : "text-red-700"}`} role="status" data-testid="coupon-message">
          {cart.coupon_message}
        </p>
      ) : null}
      <Link to="/cart/discounts" className="mt-2 inline-block text-sm text-brand underline">
        {t("cart.see_all_offers")}
      </Link>
    </section>
  );
}

/** Delivery or pickup, where the branch offers pickup; pickup has no delivery charge and needs no location. */
export function FulfillmentForm({
  cart,
  pickupFrom,
  page = "/cart",
}: {
  cart: CartAnswer;
  pickupFrom: { name: string; address: string } | null;
  /** The page whose action takes the form, and which shows again after it. */
  page?: CartFormPage;
}) {
  const busy = useBusy("fulfillment");
  const chosen = cart.cartDetails.fulfillment;
  const t = useT();
  return (
    <section className="card p-4" data-testid="fulfillment">
      <Form method="post" action={page}>
        <input type="hidden" name="intent" value="fulfillment" />
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="mb-2 font-semibold text-ink">{t("cart.fulfillment_legend")}</legend>
          {(["delivery", "pickup"] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="radio" name="fulfillment" value={option} defaultChecked={chosen === option} className="accent-brand" />
              {option === "delivery" ? t("cart.delivery") : t("cart.pickup")}
            </label>
          ))}
          <button type="submit" className="btn-outline" disabled={busy} data-testid="set-fulfillment">
            {t("cart.update")}
          </button>
        </fieldset>
      </Form>
      {chosen === "pickup" && pickupFrom ? (
        <p className="mt-2 text-sm text-ink" data-testid="pickup-from">
          {t("cart.pickup_from", { branch: pickupFrom.name, address: pickupFrom.address })}
        </p>
      ) : null}
    </section>
  );
}

// A guest's place: forms that post to the cart as they would without JavaScript, and the device's position, which only
// JavaScript offers. The server renders the forms in full and the browser fetches their code after hydrating, so the
// cart's initial JavaScript stays within its ceiling (decisions 057, 072).
const GuestLocationForm = hydratedLater(
  "guest-location",
  import.meta.env.SSR ? RenderedGuestLocationForm : null,
  () => import("./guest-location-form").then(withMessages).then((module) => module.GuestLocationForm),
  { early: true },
);

/**
 * Where to deliver: a signed-in shopper chooses one of their saved addresses (`addresses`), a guest gives a pincode,
 * a place or their current location (`placeRefusal`: the place search's last refusal). The delivery charge follows
 * the choice.
 */
export function DeliveryLocationForm({
  cart,
  addresses,
  page = "/cart",
  placeRefusal = null,
}: {
  cart: CartAnswer;
  addresses: Address[] | null;
  page?: CartFormPage;
  placeRefusal?: CartFormRefusal | null;
}) {
  const t = useT();
  return (
    <section className="card p-4" data-testid="delivery-location">
      <h2 className="mb-2 font-semibold text-ink">{t("cart.deliver_to")}</h2>
      {addresses ? (
        <SavedAddressForm cart={cart} addresses={addresses} page={page} />
      ) : (
        <GuestLocationForm cart={cart} refusal={placeRefusal} />
      )}
      {cart.delivery_message ? (
        <p className="mt-2 text-sm text-ink" data-testid="delivery-message">
          {cart.delivery_message}
        </p>
      ) : null}
      {cart.is_delivery_available ? null : (
        <p className="mt-2 text-sm font-medium text-red-700" data-testid="delivery-unavailable">
          {t("cart.not_delivered_here")}
        </p>
      )}
    </section>
  );
}
