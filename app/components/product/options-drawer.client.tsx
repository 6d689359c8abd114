import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { type Selection, toMinorUnitProduct } from "../../../commerce/product-options";
import { useT } from "../../i18n/use-t";
import { useCurrency } from "../../lib/use-store";
import type { ProductPageData, RootData } from "../../route-data";
import { cachedCopy, copyLabel, keepCopy } from "../../state/persisted-state";
import { type DrawerProduct, openDrawerProduct, productDrawer, setDrawerSelection } from "../../state/product-drawer";
import { DrawerFrame } from "../drawer-frame";
import { ProductForm } from "./product-form";
import { ProductUnavailable } from "./product-unavailable";

interface Props {
  slug: string;
  onClose: () => void;
}

/** What the drawer keeps of a product (prices in major units, as its page's loader answers them). */
type DrawerSource = DrawerProduct;

function drawerSource(product: DrawerSource): DrawerSource {
  const { id, slug, name, selling_price, attributes, combinations, multi_selectable_attributes } = product;
  return { id, slug, name, selling_price, attributes, combinations, multi_selectable_attributes };
}

/** A stored copy is read back only if it still has the shape the drawer needs. */
function isDrawerSource(value: unknown): value is DrawerSource {
  const p = value as DrawerSource | null;
  return (
    typeof p === "object" &&
    p !== null &&
    typeof p.id === "number" &&
    typeof p.slug === "string" &&
    typeof p.name === "string" &&
    typeof p.selling_price === "number" &&
    [p.attributes, p.combinations, p.multi_selectable_attributes].every(Array.isArray)
  );
}

/**
 * The options drawer (spec section 2), loaded on first use with Headless UI and valtio: a dialog on
 * desktop, a bottom drawer up to 768 px. The product comes from its page's loader, or from the copy the browser
 * kept of it while the products marker is unchanged (decision 029).
 */
export default function OptionsDrawer({ slug, onClose }: Props) {
  const t = useT();
  const fetcher = useFetcher<ProductPageData>({ key: `drawer-${slug}` });
  const currency = useCurrency();
  const drawer = useSnapshot(productDrawer);
  const copyKey = `drawer-product:${useRouteLoaderData<RootData>("root")?.branch.id ?? 1}:${slug}`;
  const [cached] = useState(() => {
    const copy = cachedCopy(copyKey);
    return isDrawerSource(copy) ? copy : null;
  });
  const label = useRef<ReturnType<typeof copyLabel>>(null);

  useEffect(() => {
    if (cached || fetcher.state !== "idle" || fetcher.data) return;
    // Taken before the fetch, so the copy is never labelled newer than it is.
    label.current = copyLabel(["products"]);
    fetcher.load(`/product/${slug}`);
  }, [cached, fetcher, slug]);

  useEffect(() => {
    const fetched = fetcher.data?.product;
    if (fetched) keepCopy(copyKey, label.current, drawerSource(fetched));
    const product = fetched ?? cached;
    if (product) openDrawerProduct(toMinorUnitProduct(drawerSource(product), currency.decimalPlaces));
  }, [fetcher.data, cached, copyKey, currency.decimalPlaces]);

  const product = drawer.currentProduct?.slug === slug ? productDrawer.currentProduct : null;
  const unavailableAt = fetcher.data?.unavailableAt ?? null;
  return (
    <DrawerFrame
      title={t("product.options_title")}
      subtitle={product ? <p className="text-sm text-gray-600">{product.name}</p> : null}
      onClose={onClose}
      placement="sheet"
      panelClassName="options-drawer"
      testId="options-drawer"
      id="product-options-drawer"
    >
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
          {fetcher.state === "idle" && fetcher.data === undefined ? "" : t("common.loading")}
        </p>
      )}
    </DrawerFrame>
  );
}
