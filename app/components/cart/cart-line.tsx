import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { formatPrice } from "../../../commerce/money";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import { useCurrency } from "../../lib/use-store";
import { CART_TOAST_MS, showToast } from "../../state/toasts";
import { Price } from "../price";
import { StoreImage } from "../store-image";

type Line = CartAnswer["cartItems"][number];
type Adjustment = CartAnswer["adjusted_cart_items"][number];

/**
 * One cart line with − / + and remove, each a small form posting to the cart's action. With JavaScript
 * they go through this line's fetcher: the line shows it is updating (the spec's is_cart_updating) and the
 * quantity changes at once; the totals wait for the server.
 */
export function CartLine({ line, adjustment }: { line: Line; adjustment?: Adjustment }) {
  const fetcher = useFetcher<{ ok: false; message: string }>({ key: `cart-line-${line.id}` });
  const updating = fetcher.state !== "idle";
  const pendingQuantity = fetcher.formData?.get("intent") === "quantity" ? Number(fetcher.formData.get("quantity")) : null;
  const removing = fetcher.formData?.get("intent") === "remove" || pendingQuantity === 0;
  const quantity = pendingQuantity ?? line.quantity;
  const currency = useCurrency();
  const t = useT();

  // Said as soon as the answer arrives, not once the page's data has reloaded after it: a line already removed
  // elsewhere is gone by then, and this component with it ('Error remove item from cart' would never show).
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) showToast(fetcher.data.message, { kind: "error", ms: CART_TOAST_MS });
  }, [fetcher.data]);

  const step = (to: number) => (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="cart_id" value={line.id} />
      <input type="hidden" name="quantity" value={to} />
      <button
        type="submit"
        className="h-8 w-8 rounded-full border border-brand text-brand hover:bg-brand-a10 disabled:opacity-40"
        aria-label={to < quantity ? t("cart.one_fewer", { name: line.name }) : t("cart.one_more", { name: line.name })}
        data-testid={to < quantity ? "decrement" : "increment"}
        disabled={to > 99}
      >
        {to < quantity ? "−" : "+"}
      </button>
    </fetcher.Form>
  );

  return (
    <li
      className={`card flex gap-3 p-3 ${removing ? "opacity-40" : ""}`}
      aria-busy={updating}
      data-testid="cart-line"
      data-updating={updating || undefined}
    >
      {line.image ? (
        <StoreImage
          src={line.image}
          alt=""
          shownAt={IMAGE_SLOTS.cartLine}
          width={64}
          height={64}
          className="h-16 w-16 rounded-lg bg-brand-s10 object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium text-ink" data-testid="cart-line-name">
          {line.name}
        </p>
        {line.options.length ? <p className="text-xs text-gray-600">{line.options.join(" · ")}</p> : null}
        {line.available ? null : (
          <p className="text-xs font-medium text-red-700" data-testid="cart-line-unavailable">
            {line.unavailable_at_branch ? t("cart.not_at_branch") : t("cart.no_longer_available")}
          </p>
        )}
        {adjustment?.reason === "price_changed" && adjustment.old_unit_price !== null ? (
          <p className="text-xs font-medium text-amber-800" data-testid="price-changed">
            {t("cart.price_changed", {
              before: formatPrice(adjustment.old_unit_price, currency),
              after: formatPrice(adjustment.new_unit_price, currency),
            })}
          </p>
        ) : null}
        {line.available ? (
          <div className="mt-1 flex items-center gap-3">
            {step(quantity - 1)}
            <output className="w-6 text-center font-semibold" data-testid="cart-line-quantity">
              {quantity}
            </output>
            {step(quantity + 1)}
            <span className="ms-auto">
              <Price amount={line.line_total} />
            </span>
          </div>
        ) : (
          // Counted in no figure, so no price and nothing to change: the shopper can only remove it.
          <p className="text-sm text-gray-600">
            {withElements(t("cart.quantity", slots("quantity")), { quantity: <span data-testid="cart-line-quantity">{quantity}</span> })}
          </p>
        )}
      </div>
      <fetcher.Form method="post" action="/cart" className="self-start">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="cart_id" value={line.id} />
        <button type="submit" className="text-sm text-gray-600 underline hover:text-red-700" data-testid="remove">
          {t("cart.remove")}
        </button>
      </fetcher.Form>
    </li>
  );
}
