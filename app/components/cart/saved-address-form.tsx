import { Form, useNavigation } from "@remix-run/react";
import type { Address } from "../../../commerce/addresses";
import { addressText } from "../../../commerce/addresses";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import { TextLink } from "../text-link";

/**
 * A signed-in shopper's delivery location: one of their saved addresses, chosen with a radio button and sent with the
 * button (a plain form: it works without JavaScript). The cart's address is the one chosen, if still saved.
 */
/** The pages whose actions take the cart's delivery forms. */
export type CartFormPage = "/cart" | "/checkout";

export function SavedAddressForm({ cart, addresses, page }: { cart: CartAnswer; addresses: Address[]; page: CartFormPage }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "address";
  const t = useT();
  const addLink = (
    <TextLink to={`/account/add-address?redirectTo=${encodeURIComponent(page)}`} data-testid="cart-add-address">
      {t("cart.add_address")}
    </TextLink>
  );
  if (addresses.length === 0) {
    return (
      <p className="text-sm text-gray-700">
        {t("cart.no_saved_addresses")} {addLink}
      </p>
    );
  }
  const chosen = cart.address?.id ?? null;
  return (
    <Form method="post" action={page} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="address" />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("cart.saved_addresses")}</legend>
        {addresses.map((address) => (
          <label key={address.id} className="flex items-start gap-2 text-sm text-ink" data-testid="saved-address">
            <input
              type="radio"
              name="address_id"
              value={address.id}
              required
              defaultChecked={chosen === null ? address.is_default : chosen === address.id}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{address.label}</span>
              {chosen === address.id ? (
                <span className="ms-2 rounded bg-brand-a10 px-2 py-0.5 text-xs" data-testid="chosen-address">
                  {t("cart.delivering_here")}
                </span>
              ) : null}
              <span className="block text-gray-700">{addressText(address, t)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-outline" disabled={busy} data-testid="choose-address">
          {t("cart.deliver_here")}
        </button>
        {addLink}
      </div>
    </Form>
  );
}
