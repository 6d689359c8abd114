import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import type { CartFormRefusal } from "../../lib/delivery-place";
import { CurrentLocationButton } from "./current-location-button";
import { FIELD_CLASS } from "./field-class";
import { useBusy } from "./use-busy";

/**
 * Where a guest's order goes: a pincode, or a place by name (the server finds it with the store's geocoder, as the
 * /location page's search does), or, with JavaScript, the device's position. Nobody types a latitude or longitude.
 * `refusal` is the place search's last answer: its message beside the field, what was typed, and the places to choose
 * from when the name fits several.
 */
export function GuestLocationForm({ cart, refusal }: { cart: CartAnswer; refusal: CartFormRefusal | null }) {
  const pincode = cart.cartDetails.delivery_location?.pincode ?? "";
  const busyPlace = useBusy("find-place");
  const typed = refusal?.place?.typed;
  const choices = refusal?.place?.choices;
  const t = useT();
  return (
    <div className="flex flex-col gap-3">
      <CurrentLocationButton />
      <OneFieldForm intent="location" label={t("cart.pincode")} button={t("cart.update")} testId="set-location">
        {/* Keyed by the cart's pincode: a place found by name fills it in once the cart has it. */}
        <input
          key={pincode}
          id="location-field"
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          maxLength={12}
          defaultValue={pincode}
          className={FIELD_CLASS}
        />
      </OneFieldForm>
      <OneFieldForm intent="find-place" label={t("cart.find_place_label")} button={t("cart.find")} testId="set-place">
        <input
          key={typed}
          id="find-place-field"
          name="place"
          type="search"
          required
          maxLength={200}
          autoComplete="off"
          defaultValue={typed}
          aria-invalid={refusal && !choices ? true : undefined}
          aria-describedby={refusal ? "delivery-place-message" : undefined}
          className={FIELD_CLASS}
        />
      </OneFieldForm>
      {refusal ? (
        <p id="delivery-place-message" role="alert" className="text-sm font-medium text-red-800" data-testid="delivery-place-message">
          {refusal.message}
        </p>
      ) : null}
      {choices ? (
        <ul className="flex flex-col gap-1" aria-label={t("location.places_found")} data-testid="delivery-place-choices">
          {choices.map((place) => (
            <li key={place.place_id}>
              <Form method="post" action="/cart">
                <input type="hidden" name="intent" value="find-place" />
                <input type="hidden" name="place" value={typed} />
                <input type="hidden" name="place_id" value={place.place_id} />
                <button type="submit" className="w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-brand-a10" disabled={busyPlace}>
                  {place.label}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled field (`children`, whose id is `${intent}-field`) and its button, posting `intent` to the cart. */
function OneFieldForm({
  intent,
  label,
  button,
  testId,
  children,
}: {
  intent: string;
  label: string;
  button: string;
  testId: string;
  children: ReactNode;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" action="/cart" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={`${intent}-field`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        {children}
        <button type="submit" className="btn-outline" disabled={busy} data-testid={testId}>
          {button}
        </button>
      </div>
    </Form>
  );
}
