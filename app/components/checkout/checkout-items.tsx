import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import { Price } from "../price";
import { TextLink } from "../text-link";

/** What is being ordered, line by line, with a way back to the cart to change it. */
export function CheckoutItems({ cart }: { cart: CartAnswer }) {
  const t = useT();
  return (
    <section className="card p-4" aria-labelledby="checkout-items-title" data-testid="checkout-items">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="checkout-items-title" className="font-semibold text-ink">
          {t("checkout.your_items")}
        </h2>
        <TextLink to="/cart">{t("checkout.change")}</TextLink>
      </div>
      <ul className="flex flex-col gap-2 text-sm">
        {cart.cartItems.map((item) => (
          <li key={item.id} className="flex justify-between gap-3" data-testid="checkout-item">
            <span className={item.available ? "text-ink" : "text-gray-600 line-through"}>
              {item.name} × {item.quantity}
              {item.options.length ? <span className="block text-xs text-gray-600">{item.options.join(" · ")}</span> : null}
              {item.available ? null : <span className="block text-xs text-red-800">{t("cart.no_longer_available")}</span>}
            </span>
            <Price amount={item.line_total} />
          </li>
        ))}
      </ul>
    </section>
  );
}
