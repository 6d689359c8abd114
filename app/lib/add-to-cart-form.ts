import type { Selection } from "../../commerce/product-options";

/**
 * The spec's add payload (product_id, quantity, selected_attributes, selected_multi_attributes) as form
 * fields, so one format serves the no-JavaScript form, the options drawer and the card buttons:
 * `selected_attributes[<attribute id>] = <value id>`, `selected_multi_attributes[<group id>][] = <value id>`.
 */
export interface AddToCartPayload {
  product_id: number;
  quantity: number;
  selection: Selection;
}

/** What the add action answers; a refusal carries the shopper's choices so the form shows them again. */
export type AddToCartResult =
  | { ok: false; message: string; selection: Selection | null }
  | { ok: true; productId: number; quantity: number; itemCount: number };

/**
 * Set by the browser's own submissions (drawer, cards, the enhanced product form): answer on the spot.
 * A plain form submission, without JavaScript, goes on to the cart (POST → 303 → GET /cart).
 */
export const STAY_FIELD = "stay";

const MAX_QUANTITY = 99;
const ID = /^[1-9]\d{0,9}$/;
const SINGLE = /^selected_attributes\[(\d{1,10})\]$/;
const MULTI = /^selected_multi_attributes\[(\d{1,10})\]\[\]$/;

export function addToCartFormData(productId: number, quantity: number, selection: Selection): FormData {
  const form = new FormData();
  form.set(STAY_FIELD, "1");
  form.set("product_id", String(productId));
  form.set("quantity", String(quantity));
  for (const [attributeId, valueId] of Object.entries(selection.selectedAttributes)) {
    form.set(`selected_attributes[${attributeId}]`, String(valueId));
  }
  for (const [groupId, valueIds] of Object.entries(selection.selectedMultiAttributes)) {
    for (const valueId of valueIds) form.append(`selected_multi_attributes[${groupId}][]`, String(valueId));
  }
  return form;
}

/** Reads the payload; anything malformed is refused with a message for the shopper, never a 500. */
export function parseAddToCartForm(form: FormData): { ok: true; payload: AddToCartPayload } | { ok: false; message: string } {
  const productId = String(form.get("product_id") ?? "");
  if (!ID.test(productId)) return { ok: false, message: "This product is not available." };
  const quantityText = String(form.get("quantity") ?? "1");
  const quantity = Number(quantityText);
  if (!/^\d{1,3}$/.test(quantityText) || quantity < 1 || quantity > MAX_QUANTITY) {
    return { ok: false, message: `Choose a quantity from 1 to ${MAX_QUANTITY}.` };
  }
  const selection: Selection = { selectedAttributes: {}, selectedMultiAttributes: {} };
  for (const [name, raw] of form.entries()) {
    const value = String(raw);
    const single = SINGLE.exec(name);
    const multi = MULTI.exec(name);
    if (!single && !multi) continue;
    if (!ID.test(value)) return { ok: false, message: "This option is not available." };
    if (single) selection.selectedAttributes[Number(single[1])] = Number(value);
    if (multi) {
      const groupId = Number(multi[1]);
      selection.selectedMultiAttributes[groupId] = [...(selection.selectedMultiAttributes[groupId] ?? []), Number(value)];
    }
  }
  return { ok: true, payload: { product_id: Number(productId), quantity, selection } };
}
