import type { AppLoadContext } from "@remix-run/cloudflare";
import { currencyFromSettings } from "../../commerce/money";
import { checkSelection, toMinorUnitProduct } from "../../commerce/product-options";
import { type AddToCartResult, parseAddToCartForm } from "./add-to-cart-form";
import { getStoreData } from "./origin.server";

/**
 * The add-to-cart action behind every 'Add to Cart' (product page form, options drawer, product cards):
 * the server applies the same option rules as the browser and answers with the same messages.
 * Storing the line is the cart's job (the cart issue); this is the checked hand-over point.
 */
export async function addToCart(context: AppLoadContext, form: FormData): Promise<AddToCartResult> {
  const parsed = parseAddToCartForm(form);
  if (!parsed.ok) return { ok: false, message: parsed.message, selection: null };
  const { product_id: productId, quantity, selection } = parsed.payload;
  const [response, { settings }] = await Promise.all([
    context.origin.api["get-product"].$get({ query: { slug: String(productId) } }),
    getStoreData(context),
  ]);
  if (response.status === 404) return { ok: false, message: "This product is not available.", selection };
  if (!response.ok) throw new Response("The store could not answer just now.", { status: 502 });
  const product = await response.json();
  const { decimalPlaces } = currencyFromSettings(settings);
  const verdict = checkSelection(toMinorUnitProduct(product, decimalPlaces), selection);
  if (!verdict.ok) return { ok: false, message: verdict.message, selection };
  return { ok: true, productId, quantity, variantId: verdict.variantId };
}
