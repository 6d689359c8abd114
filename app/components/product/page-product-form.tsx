import { useMemo, useState } from "react";
import { initialSelection, toMinorUnitProduct } from "../../../commerce/product-options";
import type { ProductDetail } from "../../../worker/catalog/product-detail";
import type { AddToCartResult } from "../../lib/add-to-cart-form";
import { useCurrency } from "../../lib/use-store";
import { ProductForm } from "./product-form";

/**
 * The product page's form, holding the shopper's choices in component state (the drawer keeps its own
 * in valtio). Render it keyed by product id, so another product starts from its own first combination.
 */
export function PageProductForm({ product, serverResult }: { product: ProductDetail; serverResult?: AddToCartResult }) {
  const currency = useCurrency();
  const options = useMemo(() => toMinorUnitProduct(product, currency.decimalPlaces), [product, currency.decimalPlaces]);
  // After a refused no-JavaScript add, the form shows what the shopper sent.
  const [selection, setSelection] = useState(() =>
    serverResult && !serverResult.ok && serverResult.selection ? serverResult.selection : initialSelection(options),
  );
  return (
    <ProductForm
      productId={product.id}
      slug={product.slug}
      product={options}
      selection={selection}
      onSelectionChange={setSelection}
      serverResult={serverResult}
      idPrefix="page"
    />
  );
}
