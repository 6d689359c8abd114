import { useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { say } from "../../../commerce/i18n/message";
import { formatPrice, toMajor } from "../../../commerce/money";
import {
  type ConfigurableProduct,
  checkSelection,
  type Selection,
  selectAttributeValue,
  selectionFromPicks,
  toggleMultiValue,
  unitPrice,
} from "../../../commerce/product-options";
import { useT } from "../../i18n/use-t";
import { type AddToCartResult, addToCartFormData, picksOnForm } from "../../lib/add-to-cart-form";
import { useHydrated } from "../../lib/use-hydrated";
import { useCurrency } from "../../lib/use-store";
import { CART_TOAST_MS, showToast } from "../../state/toasts";
import { ProductOptionsFields } from "./product-options-fields";

interface Props {
  productId: number;
  slug: string;
  /** Prices in minor units. */
  product: ConfigurableProduct;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  /** The answer of a no-JavaScript submission, rendered by the server. */
  serverResult?: AddToCartResult;
  onAdded?: () => void;
  idPrefix: string;
  /** Keeps the price and button in view while the options scroll (the drawer). */
  stickyBar?: boolean;
}

/**
 * The options and 'Add to Cart' of one product: the product page's form and the options drawer's body.
 * It is one HTML form posting the spec's add payload, so it works without JavaScript; with JavaScript
 * the option rules run on every click, the price follows, and the add is checked before it is sent.
 */
export function ProductForm({
  productId,
  slug,
  product,
  selection,
  onSelectionChange,
  serverResult,
  onAdded,
  idPrefix,
  stickyBar = false,
}: Props) {
  const t = useT();
  const currency = useCurrency();
  const interactive = useHydrated();
  const fetcher = useFetcher<AddToCartResult>({ key: `add-${idPrefix}-${productId}` });
  const [clientMessage, setClientMessage] = useState<string | null>(null);
  const result = fetcher.data ?? serverResult;
  const message = clientMessage ?? (result && !result.ok ? result.message : null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      showToast(t("product.added"), { ms: CART_TOAST_MS });
      onAdded?.();
    } else {
      showToast(fetcher.data.message, { kind: "error", ms: CART_TOAST_MS });
    }
  }, [fetcher.state, fetcher.data, onAdded, t]);

  // What the shopper picked before hydration is on the form's inputs; the first render's state would overwrite it.
  const form = useRef<HTMLFormElement>(null);
  useHydrationLayoutEffect(() => {
    if (form.current) onSelectionChange(selectionFromPicks(product, selection, picksOnForm(form.current)));
    // Once, as the form hydrates: afterwards every change goes through the handlers.
  }, []);

  const change = (next: Selection) => {
    setClientMessage(null);
    onSelectionChange(next);
  };

  // With JavaScript the add is checked here first, then sent with the flag that keeps the shopper on this page.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const verdict = checkSelection(product, selection);
    if (!verdict.ok) return setClientMessage(say(t, verdict.refusal));
    fetcher.submit(addToCartFormData(productId, 1, selection), { method: "post", action: `/product/${slug}` });
  };

  const price = formatPrice(toMajor(unitPrice(product, selection), currency.decimalPlaces), currency, { allDecimals: true });
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/product/${slug}`}
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-testid="product-form"
    >
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <ProductOptionsFields
        product={product}
        selection={selection}
        interactive={interactive}
        idPrefix={idPrefix}
        onSelect={(attributeId, valueId) => change(selectAttributeValue(product, selection, attributeId, valueId))}
        onToggle={(groupId, valueId) => change(toggleMultiValue(product, selection, groupId, valueId))}
      />
      {message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="option-error">
          {message}
        </p>
      ) : null}
      <div className={`flex items-center gap-4 border-t border-gray-200 py-3 ${stickyBar ? "sticky bottom-0 bg-white" : ""}`}>
        <p className="flex-1">
          <span className="sr-only">{t("product.price_label")} </span>
          <output className="text-xl font-semibold text-ink" data-testid="drawer-price" aria-live="polite">
            {price}
          </output>
        </p>
        <button type="submit" className="btn-brand px-6" disabled={fetcher.state !== "idle"} data-testid="add-to-cart">
          {fetcher.state !== "idle" ? t("common.adding") : t("common.add_to_cart")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A layout effect in the browser (before the first paint after hydration); the server runs no effects. */
const useHydrationLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
