import { proxy } from "valtio";
import { type ConfigurableProduct, initialSelection, matchingCombination, type Selection, unitPrice } from "../../commerce/product-options";

export interface DrawerProduct extends ConfigurableProduct {
  id: number;
  slug: string;
  name: string;
}

/**
 * The spec's productDrawer slice, client-only (the drawer module is loaded when it first opens).
 * Prices are minor units; drawerPrice and variant_id follow every change of the selection.
 */
export const productDrawer = proxy({
  currentProduct: null as DrawerProduct | null,
  selectedAttributes: {} as Selection["selectedAttributes"],
  selectedMultiAttributes: {} as Selection["selectedMultiAttributes"],
  drawerPrice: 0,
  variant_id: null as number | null,
});

export function setDrawerSelection(selection: Selection): void {
  const product = productDrawer.currentProduct;
  if (!product) return;
  productDrawer.selectedAttributes = selection.selectedAttributes;
  productDrawer.selectedMultiAttributes = selection.selectedMultiAttributes;
  productDrawer.drawerPrice = unitPrice(product, selection);
  productDrawer.variant_id = matchingCombination(product, selection.selectedAttributes)?.variant_id ?? null;
}

export function openDrawerProduct(product: DrawerProduct): void {
  if (productDrawer.currentProduct?.id === product.id) return;
  productDrawer.currentProduct = product;
  setDrawerSelection(initialSelection(product));
}
