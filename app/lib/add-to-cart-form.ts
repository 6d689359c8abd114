import type { FormPicks, Selection } from "../../commerce/product-options";

/**
 * The spec's add payload (product_id, quantity, selected_attributes, selected_multi_attributes) as form
 * fields, so one format serves the no-JavaScript form, the options drawer and the card buttons:
 * `selected_attributes[<attribute id>] = <value id>`, `selected_multi_attributes[<group id>][] = <value id>`.
 * The server reads them in add-to-cart.server.ts.
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

/** The option fields' names: `selected_attributes[<attribute id>]`, `selected_multi_attributes[<group id>][]`. */
export const SINGLE = /^selected_attributes\[(\d{1,10})\]$/;
export const MULTI = /^selected_multi_attributes\[(\d{1,10})\]\[\]$/;

/** What a rendered options form shows as picked, read from its checked inputs. */
export function picksOnForm(form: HTMLFormElement): FormPicks {
  const picks: FormPicks = { attributes: {}, multi: {} };
  for (const input of form.querySelectorAll<HTMLInputElement>("input:checked")) {
    const single = SINGLE.exec(input.name);
    const multi = single ? null : MULTI.exec(input.name);
    const valueId = Number(input.value);
    if (single) picks.attributes[Number(single[1])] = valueId;
    else if (multi) picks.multi[Number(multi[1])] = [...(picks.multi[Number(multi[1])] ?? []), valueId];
  }
  return picks;
}

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
