import type { Selection } from "../../commerce/product-options";

/**
 * The canonical form of a shopper's choices, so that the same product with the same options is one cart line
 * however the choices were spelled: attributes ordered by id, add-on groups ordered by id with their value ids
 * sorted (click order does not matter), empty groups dropped.
 */
export function canonicalSelection(selection: Selection): Selection {
  const selectedAttributes: Record<number, number> = {};
  for (const [key, valueId] of entries(selection.selectedAttributes)) selectedAttributes[key] = valueId;
  const selectedMultiAttributes: Record<number, number[]> = {};
  for (const [key, ids] of entries(selection.selectedMultiAttributes)) {
    if (ids.length > 0) selectedMultiAttributes[key] = [...ids].sort((a, b) => a - b);
  }
  return { selectedAttributes, selectedMultiAttributes };
}

/**
 * A short text naming the choices, e.g. `a2601=2612,a2602=2614;m2670=2675.2676`; '' for a product without
 * options. It is the line's identity in the unique key (cart, product, selection key).
 */
export function selectionKey(selection: Selection): string {
  const canonical = canonicalSelection(selection);
  const single = entries(canonical.selectedAttributes).map(([id, valueId]) => `a${id}=${valueId}`);
  const multi = entries(canonical.selectedMultiAttributes).map(([id, ids]) => `m${id}=${ids.join(".")}`);
  return [single.join(","), multi.join(",")].filter((part) => part !== "").join(";");
}

/** Numeric-keyed entries in ascending key order (object key order would put them so too, but say it). */
function entries<T>(record: Record<number, T>): [number, T][] {
  return Object.entries(record)
    .map(([key, value]): [number, T] => [Number(key), value])
    .sort(([a], [b]) => a - b);
}
