import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { ProductCard } from "../../../worker/catalog/product-card";
import { useT } from "../../i18n/use-t";
import type { AddToCartResult } from "../../lib/add-to-cart-form";
import { CART_TOAST_MS, showToast } from "../../state/toasts";
import { useOpenOptionsDrawer } from "./open-options-drawer";

/**
 * A product card's 'Add to Cart'. A product without options is added at once (a one-line form, so it
 * works without JavaScript too); one with options opens the options drawer, or without JavaScript its
 * page, whose form has the same options.
 */
export function AddToCartButton({ product }: { product: ProductCard }) {
  const t = useT();
  const openDrawer = useOpenOptionsDrawer();
  const fetcher = useFetcher<AddToCartResult>({ key: `card-add-${product.id}` });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) showToast(t("common.added_named", { name: product.name }), { ms: CART_TOAST_MS });
    else showToast(fetcher.data.message, { kind: "error", ms: CART_TOAST_MS });
  }, [fetcher.state, fetcher.data, product.name, t]);

  if (product.has_options) {
    return (
      <Link
        to={`/product/${product.slug}`}
        className="btn-outline w-full py-1.5 text-sm"
        data-testid="card-add-to-cart"
        onClick={(event) => {
          event.preventDefault();
          openDrawer(product.slug);
        }}
      >
        {t("common.add_to_cart")}
      </Link>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={`/product/${product.slug}`}
      onSubmit={(event) => {
        // The browser's own submission stays on this page (app/lib/add-to-cart-form.ts, STAY_FIELD).
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("stay", "1");
        fetcher.submit(form, { method: "post", action: `/product/${product.slug}` });
      }}
    >
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        className="btn-outline w-full py-1.5 text-sm"
        disabled={fetcher.state !== "idle"}
        data-testid="card-add-to-cart"
      >
        {fetcher.state !== "idle" ? t("common.adding") : t("common.add_to_cart")}
      </button>
    </fetcher.Form>
  );
}
