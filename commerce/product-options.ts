/**
 * Product option rules: which single-choice values and add-ons a shopper may pick, what the pick costs, and whether
 * a submitted pick is acceptable. The drawer and the server's cart validation both use these, so a choice the drawer
 * allows is never refused at checkout and a forged one never gets through. Amounts are integer minor units.
 */

import { type Message, message } from "./i18n/message";
import { toMinor } from "./money";

export interface OptionValue {
  id: number;
  value: string;
}
/** A single-choice attribute (Size, Crust): exactly one value is chosen. */
export interface Attribute {
  id: number;
  name: string;
  values: OptionValue[];
}
/** One value id per attribute; the combination's price replaces the product's selling price. */
export interface Combination {
  ids: number[];
  price: number;
  variant_id: number;
}
export interface VariantPrice {
  variant_id: number;
  price: number;
}
export interface MultiValue {
  id: number;
  value: string;
  price: number | null;
  dependencies: number[];
  variant_prices: VariantPrice[];
}
/** An add-on group (Toppings): any number of values between min_select and max_select (null: no maximum). */
export interface MultiAttribute {
  id: number;
  name: string;
  min_select: number;
  max_select: number | null;
  values: MultiValue[];
}
export interface ConfigurableProduct {
  selling_price: number;
  attributes: Attribute[];
  combinations: Combination[];
  multi_selectable_attributes: MultiAttribute[];
}
/** What the shopper has chosen: attribute id → value id; multi-select attribute id → chosen value ids (in click order). */
export interface Selection {
  selectedAttributes: Record<number, number>;
  selectedMultiAttributes: Record<number, number[]>;
}

/** A refused selection says why as a message id with its values: the drawer says it in the page's language, the API in its caller's. */
export type SelectionCheck = { ok: true; variantId: number | null; unitPrice: number } | { ok: false; refusal: Message };

const NOT_AVAILABLE: SelectionCheck = { ok: false, refusal: message("product.option_not_available") };

/** Converts a product priced in major units (as the API sends it) to minor units, once, before any rule runs. */
export function toMinorUnitProduct<T extends ConfigurableProduct>(product: T, decimalPlaces: number): T {
  const minor = (amount: number): number => {
    const converted = toMinor(amount, decimalPlaces);
    // A price the currency cannot represent would be silently rounded into a different total; refuse it instead.
    if (converted === null) throw new RangeError(`${amount} is not a valid amount with ${decimalPlaces} decimal places`);
    return converted;
  };
  return {
    ...product,
    selling_price: minor(product.selling_price),
    combinations: product.combinations.map((c) => ({ ...c, price: minor(c.price) })),
    multi_selectable_attributes: product.multi_selectable_attributes.map((group) => ({
      ...group,
      values: group.values.map((v) => ({
        ...v,
        price: v.price === null ? null : minor(v.price),
        variant_prices: v.variant_prices.map((vp) => ({ ...vp, price: minor(vp.price) })),
      })),
    })),
  };
}

/** Preselects the first combination so the drawer shows a price and a variant before the shopper clicks anything. */
export function initialSelection(product: ConfigurableProduct): Selection {
  const selectedAttributes: Record<number, number> = {};
  const first = product.combinations[0];
  if (first) {
    for (const valueId of first.ids) {
      const attribute = product.attributes.find((a) => a.values.some((v) => v.id === valueId));
      if (attribute) selectedAttributes[attribute.id] = valueId;
    }
  }
  return { selectedAttributes, selectedMultiAttributes: {} };
}

/** The combination naming exactly the selected values, in any order; null while any attribute is unchosen. */
export function matchingCombination(product: ConfigurableProduct, selectedAttributes: Record<number, number>): Combination | null {
  const chosen: number[] = [];
  for (const attribute of product.attributes) {
    const valueId = selectedAttributes[attribute.id];
    if (valueId !== undefined) chosen.push(valueId);
  }
  const wanted = sorted(chosen);
  return product.combinations.find((c) => c.ids.length === wanted.length && sorted(c.ids).every((id, i) => id === wanted[i])) ?? null;
}

export function isAttributeValueDisabled(
  product: ConfigurableProduct,
  selection: Selection,
  attributeId: number,
  valueId: number,
): boolean {
  if (!findAttributeValue(product, attributeId, valueId)) return true;
  // A product without combinations has no forbidden pairs to enforce.
  if (product.combinations.length === 0) return false;
  // This attribute's own current pick is about to be replaced, so only the other attributes constrain the value.
  const others: number[] = [];
  for (const attribute of product.attributes) {
    const picked = selection.selectedAttributes[attribute.id];
    if (attribute.id !== attributeId && picked !== undefined) others.push(picked);
  }
  return !product.combinations.some((c) => c.ids.includes(valueId) && others.every((id) => c.ids.includes(id)));
}

export function selectAttributeValue(product: ConfigurableProduct, selection: Selection, attributeId: number, valueId: number): Selection {
  if (selection.selectedAttributes[attributeId] === valueId) return selection;
  if (isAttributeValueDisabled(product, selection, attributeId, valueId)) return selection;
  // Add-ons may depend on the old values or be priced per the old variant, so the spec starts them over.
  return { selectedAttributes: { ...selection.selectedAttributes, [attributeId]: valueId }, selectedMultiAttributes: {} };
}

export function isMultiValueDisabled(
  product: ConfigurableProduct,
  selection: Selection,
  multiAttributeId: number,
  valueId: number,
): boolean {
  const group = product.multi_selectable_attributes.find((g) => g.id === multiAttributeId);
  const value = group?.values.find((v) => v.id === valueId);
  if (!group || !value) return true;
  const chosen = chosenIn(selection, multiAttributeId);
  // A chosen value stays clickable at the maximum, otherwise the shopper could never swap it for another.
  if (group.max_select !== null && chosen.length >= group.max_select && !chosen.includes(valueId)) return true;
  return !fitsSingleChoices(product, selection, value);
}

export function toggleMultiValue(product: ConfigurableProduct, selection: Selection, multiAttributeId: number, valueId: number): Selection {
  const chosen = chosenIn(selection, multiAttributeId);
  if (chosen.includes(valueId)) {
    // Unchoosing is always allowed, even for a value that is disabled now.
    return withChosen(
      selection,
      multiAttributeId,
      chosen.filter((id) => id !== valueId),
    );
  }
  if (isMultiValueDisabled(product, selection, multiAttributeId, valueId)) return selection;
  return withChosen(selection, multiAttributeId, [...chosen, valueId]);
}

/** The price of one unit as chosen: the combination's price (or the selling price) plus each chosen add-on. */
export function unitPrice(product: ConfigurableProduct, selection: Selection): number {
  const combination = matchingCombination(product, selection.selectedAttributes);
  const variantId = combination?.variant_id ?? null;
  let total = combination ? combination.price : product.selling_price;
  for (const group of product.multi_selectable_attributes) {
    const chosen = chosenIn(selection, group.id);
    // Walking the group's values rather than the chosen ids ignores unknown ids and counts each add-on once.
    for (const value of group.values) {
      if (chosen.includes(value.id)) total += addOnPrice(value, variantId);
    }
  }
  return total;
}

/**
 * Validates any selection, including one forged in a form or JSON body, and prices it. Failures are checked in the
 * spec's order so the shopper sees the most basic problem first.
 */
export function checkSelection(product: ConfigurableProduct, selection: Selection): SelectionCheck {
  for (const [key, valueId] of Object.entries(selection.selectedAttributes)) {
    // Matching the key's exact spelling keeps "01" from smuggling in a second pick for attribute 1.
    const attribute = product.attributes.find((a) => String(a.id) === key);
    if (!attribute?.values.some((v) => v.id === valueId)) return NOT_AVAILABLE;
  }
  for (const [key, ids] of Object.entries(selection.selectedMultiAttributes)) {
    const group = product.multi_selectable_attributes.find((g) => String(g.id) === key);
    if (!group || !Array.isArray(ids) || new Set(ids).size !== ids.length) return NOT_AVAILABLE;
    if (!ids.every((id) => group.values.some((v) => v.id === id))) return NOT_AVAILABLE;
  }

  const unchosen = product.attributes.find((a) => selection.selectedAttributes[a.id] === undefined);
  if (unchosen) return { ok: false, refusal: message("product.choose_attribute", { name: unchosen.name }) };

  const combination = matchingCombination(product, selection.selectedAttributes);
  if (product.combinations.length > 0 && !combination) return { ok: false, refusal: message("product.combination_not_available") };

  for (const group of product.multi_selectable_attributes) {
    for (const id of chosenIn(selection, group.id)) {
      const value = group.values.find((v) => v.id === id);
      if (value && !fitsSingleChoices(product, selection, value)) {
        return { ok: false, refusal: message("product.addon_not_with_choices", { value: value.value }) };
      }
    }
  }
  for (const group of product.multi_selectable_attributes) {
    if (group.max_select !== null && chosenIn(selection, group.id).length > group.max_select) {
      return { ok: false, refusal: message("product.select_at_most", { max: group.max_select, group: group.name }) };
    }
  }
  for (const group of product.multi_selectable_attributes) {
    if (group.min_select > 0 && chosenIn(selection, group.id).length < group.min_select) {
      return { ok: false, refusal: message("product.select_at_least", { min: group.min_select, group: group.name }) };
    }
  }

  return { ok: true, variantId: combination?.variant_id ?? null, unitPrice: unitPrice(product, selection) };
}

/** Rules 5b and 5c: an add-on may require one of some single-choice values, or be sold only for some variants. */
function fitsSingleChoices(product: ConfigurableProduct, selection: Selection, value: MultiValue): boolean {
  if (value.dependencies.length > 0) {
    const picked = chosenSingleValues(product, selection);
    if (!value.dependencies.some((id) => picked.includes(id))) return false;
  }
  if (value.variant_prices.length > 0) {
    const variantId = matchingCombination(product, selection.selectedAttributes)?.variant_id;
    if (!value.variant_prices.some((vp) => vp.variant_id === variantId)) return false;
  }
  return true;
}

/** Only picks that are real values of their attribute count, so a forged pick cannot satisfy a dependency. */
function chosenSingleValues(product: ConfigurableProduct, selection: Selection): number[] {
  const picked: number[] = [];
  for (const attribute of product.attributes) {
    const valueId = selection.selectedAttributes[attribute.id];
    if (valueId !== undefined && attribute.values.some((v) => v.id === valueId)) picked.push(valueId);
  }
  return picked;
}

function addOnPrice(value: MultiValue, variantId: number | null): number {
  const forVariant = value.variant_prices.find((vp) => vp.variant_id === variantId);
  return forVariant ? forVariant.price : (value.price ?? 0);
}

function findAttributeValue(product: ConfigurableProduct, attributeId: number, valueId: number): OptionValue | undefined {
  return product.attributes.find((a) => a.id === attributeId)?.values.find((v) => v.id === valueId);
}

function chosenIn(selection: Selection, multiAttributeId: number): number[] {
  return selection.selectedMultiAttributes[multiAttributeId] ?? [];
}

function withChosen(selection: Selection, multiAttributeId: number, chosen: number[]): Selection {
  return { ...selection, selectedMultiAttributes: { ...selection.selectedMultiAttributes, [multiAttributeId]: chosen } };
}

function sorted(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** What an options form shows as picked: single choices by attribute id, add-ons by group id. */
export interface FormPicks {
  attributes: Record<number, number>;
  multi: Record<number, number[]>;
}

/**
 * The selection a form's own inputs show, by the same rules as clicks: what a shopper picked before the page's
 * script ran (decision 015) becomes the selection instead of being overwritten by it. Single choices first, since
 * changing one starts the add-ons over.
 */
export function selectionFromPicks(product: ConfigurableProduct, start: Selection, picks: FormPicks): Selection {
  let selection = start;
  for (const [attributeId, valueId] of Object.entries(picks.attributes)) {
    selection = selectAttributeValue(product, selection, Number(attributeId), valueId);
  }
  selection = { selectedAttributes: selection.selectedAttributes, selectedMultiAttributes: {} };
  for (const [groupId, valueIds] of Object.entries(picks.multi)) {
    for (const valueId of valueIds) selection = toggleMultiValue(product, selection, Number(groupId), valueId);
  }
  return selection;
}
