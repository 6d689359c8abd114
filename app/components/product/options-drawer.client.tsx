import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { type Selection, toMinorUnitProduct } from "../../../commerce/product-options";
import { useCurrency } from "../../lib/use-store";
import type { loader as productLoader } from "../../routes/product.$slug";
import { openDrawerProduct, productDrawer, setDrawerSelection } from "../../state/product-drawer";
import { ProductForm } from "./product-form";
import { ProductUnavailable } from "./product-unavailable";

interface Props {
  slug: string;
  onClose: () => void;
}

/**
 * The options drawer (spec section 2), loaded on first use with Headless UI and valtio: a dialog on
 * desktop, a bottom drawer up to 768 px. The product comes from its page's loader.
 */
export default function OptionsDrawer({ slug, onClose }: Props) {
  const fetcher = useFetcher<typeof productLoader>({ key: `drawer-${slug}` });
  const currency = useCurrency();
  const drawer = useSnapshot(productDrawer);

  useEffect(() => {
    if (fetcher.state === "idle" && !fetcher.data) fetcher.load(`/product/${slug}`);
  }, [fetcher, slug]);

  useEffect(() => {
    const product = fetcher.data?.product;
    if (product)
      openDrawerProduct({ ...toMinorUnitProduct(product, currency.decimalPlaces), id: product.id, slug: product.slug, name: product.name });
  }, [fetcher.data, currency.decimalPlaces]);

  const product = drawer.currentProduct?.slug === slug ? productDrawer.currentProduct : null;
  const unavailableAt = fetcher.data?.unavailableAt ?? null;
  return (
    <Dialog open onClose={onClose} id="product-options-drawer" className="relative z-50">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center desktop:items-center desktop:p-4">
        <DialogPanel className="options-drawer" data-testid="options-drawer">
          <div className="mb-3 flex items-start justify-between gap-4">
            <div>
              <DialogTitle className="text-lg font-semibold text-ink">Product options</DialogTitle>
              {product ? <p className="text-sm text-gray-600">{product.name}</p> : null}
            </div>
            <button type="button" onClick={onClose} className="btn px-2 text-xl leading-none" aria-label="Close">
              ×
            </button>
          </div>
          {unavailableAt !== null ? (
            <ProductUnavailable branchName={unavailableAt} />
          ) : product ? (
            <ProductForm
              productId={product.id}
              slug={product.slug}
              product={product}
              // Snapshots are deeply read-only; the form only reads them and hands back a new selection.
              selection={{
                selectedAttributes: drawer.selectedAttributes,
                selectedMultiAttributes: drawer.selectedMultiAttributes as Selection["selectedMultiAttributes"],
              }}
              onSelectionChange={setDrawerSelection}
              onAdded={onClose}
              idPrefix="drawer"
              stickyBar
            />
          ) : (
            <p className="py-10 text-center text-gray-600" role="status">
              {fetcher.state === "idle" && fetcher.data === undefined ? "" : "Loading…"}
            </p>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
