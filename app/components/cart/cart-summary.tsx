import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import { Bill } from "../bill";

/** The cart's bill, with the delivery distance when the store shows it. */
export function CartSummary({ cart }: { cart: CartAnswer }) {
  const t = useT();
  return (
    <Bill
      bill={cart}
      delivery={cart.cartDetails.fulfillment === "delivery"}
      titleId="cart-summary-title"
      testId="cart-summary"
      note={
        cart.show_delivery_distance && cart.delivery_distance !== null ? (
          <p className="text-xs text-gray-600">{t("cart.delivery_distance", { distance: cart.delivery_distance })}</p>
        ) : null
      }
    />
  );
}
