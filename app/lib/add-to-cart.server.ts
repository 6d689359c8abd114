import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { QUANTITY_MESSAGE } from "../../commerce/cart-limits";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import { parseId } from "../../commerce/ids";
import type { Selection } from "../../commerce/product-options";
import { addIssue } from "../../commerce/transform-issue";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { type AddToCartResult, MULTI, SINGLE, STAY_FIELD } from "./add-to-cart-form";
import { backToCart, cartChangeOf } from "./cart.server";
import { idField, wholeNumberField } from "./form-fields.server";
import { pageTranslator } from "./page-translator.server";
import { refused } from "./refused.server";

// The form's own messages are message ids, said in the page's language when it is refused.
const OPTION_UNAVAILABLE = "cart.option_unavailable" satisfies MessageId;

/** The add-to-cart form (add-to-cart-form.ts writes it); the quantity's range is the cart API's rule. */
const addToCartForm = z.pipe(
  z.looseObject({
    product_id: idField("cart.product_unavailable" satisfies MessageId),
    quantity: z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((text) => text ?? "1"),
      ),
      wholeNumberField(QUANTITY_MESSAGE),
    ),
    [STAY_FIELD]: z.optional(z.string()),
  }),
  z.transform((form, ctx) => {
    const selection: Selection = { selectedAttributes: {}, selectedMultiAttributes: {} };
    // One pass over the fields, each value appended once: linear in the form, however many options it repeats.
    for (const [name, value] of Object.entries(form)) {
      const single = SINGLE.exec(name);
      const multi = single ? null : MULTI.exec(name);
      if (!single && !multi) continue;
      const key = parseId((single ?? multi)![1]);
      const values = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === "string" ? parseId(v) : null));
      if (key === null || values.some((v) => v === null)) {
        addIssue(ctx, { message: OPTION_UNAVAILABLE });
        return z.NEVER;
      }
      if (single) selection.selectedAttributes[key] = values[0]!;
      else selection.selectedMultiAttributes[key] = values as number[];
    }
    return { productId: form.product_id, quantity: form.quantity, selection, stay: form[STAY_FIELD] !== undefined };
  }),
);

/** A refusal carries the shopper's choices, so the form shows them again. */
const refusal = (message: string, selection: Selection | null): Extract<AddToCartResult, { ok: false }> => ({
  ok: false,
  message,
  selection,
});

/**
 * The add-to-cart action behind every 'Add to Cart' (product page form, options drawer, product cards): the cart
 * API applies the option rules and answers with the spec's messages. A browser's own submission (`stay`) gets the
 * result on the spot; a plain form goes on to the cart (POST → 303 → GET).
 */
export async function addToCartAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, addToCartForm);
  const t = pageTranslator(context);
  if (!form.ok) return refused(refusal(form.message, null));
  const { productId, quantity, selection, stay } = form.data;
  const attempt = await context.origin.attempt.addToCart({
    product_id: productId,
    quantity,
    selected_attributes: selection.selectedAttributes,
    selected_multi_attributes: selection.selectedMultiAttributes,
  });
  const change = cartChangeOf(context, attempt, t("cart.not_added"));
  if (!change.ok) return refused(refusal(change.message, selection), change.retryAfter);
  if (!stay) return backToCart(context, change.cart);
  context.shopper.setCartCount(change.cart.cartDetails.item_count);
  return data<AddToCartResult>({ ok: true, productId, quantity, itemCount: change.cart.cartDetails.item_count });
}
