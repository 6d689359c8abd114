import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import { type AddToCartResult, parseAddToCartForm } from "./add-to-cart-form";
import { readCartChange } from "./cart.server";

/**
 * The add-to-cart action behind every 'Add to Cart' (product page form, options drawer, product cards):
 * the cart API applies the option rules and answers with the spec's messages.
 */
export async function addToCart(context: AppLoadContext, form: FormData): Promise<{ result: AddToCartResult; cart?: CartAnswer }> {
  const parsed = parseAddToCartForm(form);
  if (!parsed.ok) return { result: { ok: false, message: parsed.message, selection: null } };
  const { product_id, quantity, selection } = parsed.payload;
  const response = await context.origin.api.cart.add.$post({
    json: {
      product_id,
      quantity,
      selected_attributes: selection.selectedAttributes,
      selected_multi_attributes: selection.selectedMultiAttributes,
    },
  });
  const change = await readCartChange(response, "This product could not be added. Please try again.");
  if (!change.ok) return { result: { ok: false, message: change.message, selection } };
  return { result: { ok: true, productId: product_id, quantity, itemCount: change.cart.cartDetails.item_count }, cart: change.cart };
}
