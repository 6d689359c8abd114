import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toMajor } from "../../commerce/money";
import {
  type Attribute,
  type Combination,
  type ConfigurableProduct,
  checkSelection as checkSelectionMessages,
  initialSelection,
  isAttributeValueDisabled,
  isMultiValueDisabled,
  type MultiAttribute,
  type MultiValue,
  matchingCombination,
  type Selection,
  selectAttributeValue,
  toggleMultiValue,
  toMinorUnitProduct,
  unitPrice,
  type VariantPrice,
} from "../../commerce/product-options";
import { refusalInEnglish } from "./english";

const checkSelection = (...args: Parameters<typeof checkSelectionMessages>) => refusalInEnglish(checkSelectionMessages(...args));

const RUNS = { numRuns: 300 };
/** About 2 s on an idle machine; vitest's 5 s default leaves too little margin on a loaded one. */
const TIMEOUT = 20_000;
/** Never an id in a generated product: ids are drawn from 1–60. */
const UNKNOWN = 999;

// Ids of different kinds come from the same small range on purpose: the store only keeps ids unique per kind,
// so an attribute may share its id with a value or a variant, and the rules must not mix them up.
const distinctIds = (n: number) => fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: n, maxLength: n });
const amount = fc.integer({ min: 0, max: 100_000 });
/** Lists of 0..max items with the length drawn evenly: fast-check's default bias would leave most products bare. */
const listOf = <T>(item: fc.Arbitrary<T>, max: number) => fc.array(item, { maxLength: max, size: "max" });

function cartesian(lists: number[][]): number[][] {
  return lists.reduce<number[][]>((rows, list) => rows.flatMap((row) => list.map((id) => [...row, id])), [[]]);
}

const attributesArb: fc.Arbitrary<Attribute[]> = listOf(fc.integer({ min: 1, max: 3 }), 3).chain((counts) =>
  fc.tuple(distinctIds(counts.length), distinctIds(counts.reduce((a, b) => a + b, 0))).map(([attributeIds, valueIds]) => {
    let next = 0;
    return counts.map((count, a) => ({
      id: attributeIds[a]!,
      name: `Attribute ${a}`,
      values: Array.from({ length: count }, () => {
        const id = valueIds[next++]!;
        return { id, value: `Value ${id}` };
      }),
    }));
  }),
);

/** A non-empty random subset of all value pairings, in random order, each with its ids in a random order and its own variant id. */
function combinationsArb(attributes: Attribute[]): fc.Arbitrary<Combination[]> {
  if (attributes.length === 0) return fc.constant([]);
  const rows = cartesian(attributes.map((a) => a.values.map((v) => v.id)));
  const row = fc.record({ kept: fc.integer({ min: 0, max: 9 }).map((n) => n < 7), order: fc.nat(), price: amount, reversed: fc.boolean() });
  return fc
    .tuple(fc.array(row, { minLength: rows.length, maxLength: rows.length }), distinctIds(rows.length))
    .map(([drawn, variantIds]) => {
      const combinations = rows
        .map((ids, i) => ({ ...drawn[i]!, ids, variant_id: variantIds[i]!, first: i === 0 }))
        .filter((c) => c.kept || c.first)
        .sort((a, b) => a.order - b.order);
      return combinations.map((c) => ({ ids: c.reversed ? [...c.ids].reverse() : c.ids, price: c.price, variant_id: c.variant_id }));
    });
}

function multiValueArb(id: number, singleValueIds: number[], variantIds: number[]): fc.Arbitrary<MultiValue> {
  const none = fc.constant<never[]>([]);
  const dependencies: fc.Arbitrary<number[]> =
    singleValueIds.length === 0 ? none : fc.oneof(none, fc.subarray(singleValueIds, { minLength: 1 }));
  const variantPrices: fc.Arbitrary<VariantPrice[]> =
    variantIds.length === 0
      ? none
      : fc.oneof(
          none,
          fc
            .subarray(variantIds, { minLength: 1 })
            .chain((ids) => fc.tuple(...ids.map((variantId) => amount.map((price) => ({ variant_id: variantId, price }))))),
        );
  return fc.record({
    id: fc.constant(id),
    value: fc.constant(`Add-on ${id}`),
    price: fc.option(amount),
    dependencies,
    variant_prices: variantPrices,
  });
}

function multiAttributesArb(singleValueIds: number[], variantIds: number[]): fc.Arbitrary<MultiAttribute[]> {
  return listOf(fc.integer({ min: 0, max: 4 }), 3).chain((counts) =>
    fc.tuple(distinctIds(counts.length), distinctIds(counts.reduce((a, b) => a + b, 0))).chain(([groupIds, valueIds]) => {
      let next = 0;
      return fc.tuple(
        ...counts.map((count, g) => {
          const ids = valueIds.slice(next, next + count);
          next += count;
          return fc.integer({ min: 0, max: count }).chain((min) =>
            fc.record({
              id: fc.constant(groupIds[g]!),
              name: fc.constant(`Group ${g}`),
              min_select: fc.constant(min),
              max_select: fc.option(fc.integer({ min: Math.max(min, 1), max: count + 1 })),
              values: fc.tuple(...ids.map((id) => multiValueArb(id, singleValueIds, variantIds))),
            }),
          );
        }),
      );
    }),
  );
}

const productArb: fc.Arbitrary<ConfigurableProduct> = attributesArb.chain((attributes) =>
  combinationsArb(attributes).chain((combinations) =>
    fc.record({
      selling_price: amount,
      attributes: fc.constant(attributes),
      combinations: fc.constant(combinations),
      multi_selectable_attributes: multiAttributesArb(
        attributes.flatMap((a) => a.values.map((v) => v.id)),
        combinations.map((c) => c.variant_id),
      ),
    }),
  ),
);

type Click = { kind: "select"; attributeId: number; valueId: number } | { kind: "toggle"; groupId: number; valueId: number };

/**
 * Clicks on the product's own values, disabled ones included, mixed with ids that belong to nothing or to another
 * kind or attribute (a value id of one group sent for another, a single-choice value id sent as an add-on).
 */
function clicksArb(product: ConfigurableProduct): fc.Arbitrary<Click[]> {
  const singleValueIds = product.attributes.flatMap((a) => a.values.map((v) => v.id));
  const multiValueIds = product.multi_selectable_attributes.flatMap((g) => g.values.map((v) => v.id));
  const anyId = fc.constantFrom(UNKNOWN, ...singleValueIds, ...multiValueIds);
  const clicks: fc.WeightedArbitrary<Click>[] = [
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(UNKNOWN, ...product.attributes.map((a) => a.id)), anyId)
        .map(([attributeId, valueId]) => ({ kind: "select", attributeId, valueId })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(UNKNOWN, ...product.multi_selectable_attributes.map((g) => g.id)), anyId)
        .map(([groupId, valueId]) => ({ kind: "toggle", groupId, valueId })),
    },
  ];
  const selects = product.attributes.flatMap((a) => a.values.map((v): Click => ({ kind: "select", attributeId: a.id, valueId: v.id })));
  if (selects.length > 0) clicks.push({ weight: 3, arbitrary: fc.constantFrom(...selects) });
  const toggles = product.multi_selectable_attributes.flatMap((g) =>
    g.values.map((v): Click => ({ kind: "toggle", groupId: g.id, valueId: v.id })),
  );
  if (toggles.length > 0) clicks.push({ weight: 6, arbitrary: fc.constantFrom(...toggles) });
  return fc.array(fc.oneof(...clicks), { minLength: 1, maxLength: 30, size: "max" });
}

function apply(product: ConfigurableProduct, selection: Selection, click: Click): Selection {
  return click.kind === "select"
    ? selectAttributeValue(product, selection, click.attributeId, click.valueId)
    : toggleMultiValue(product, selection, click.groupId, click.valueId);
}

/** Rules 5b and 5c, restated independently of the module. */
function fitsSingleChoices(product: ConfigurableProduct, selection: Selection, value: MultiValue): boolean {
  const picked = Object.values(selection.selectedAttributes);
  const variantId = matchingCombination(product, selection.selectedAttributes)?.variant_id;
  return (
    (value.dependencies.length === 0 || value.dependencies.some((id) => picked.includes(id))) &&
    (value.variant_prices.length === 0 || value.variant_prices.some((vp) => vp.variant_id === variantId))
  );
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sortedA = [...a].sort((x, y) => x - y);
  const sortedB = [...b].sort((x, y) => x - y);
  return sortedA.length === sortedB.length && sortedA.every((id, i) => id === sortedB[i]);
}

/** Rule 3 restated: with every attribute picked, a value is available when picking it lands on a combination. */
function expectedValueDisabled(product: ConfigurableProduct, selection: Selection, attributeId: number, valueId: number): boolean {
  const attribute = product.attributes.find((a) => a.id === attributeId);
  if (!attribute?.values.some((v) => v.id === valueId)) return true;
  if (product.combinations.length === 0) return false;
  const picked = Object.values({ ...selection.selectedAttributes, [attributeId]: valueId });
  return !product.combinations.some((c) => sameIds(c.ids, picked));
}

/** Rule 7 restated. */
function expectedPrice(product: ConfigurableProduct, selection: Selection): number {
  const combination = product.combinations.find((c) => sameIds(c.ids, Object.values(selection.selectedAttributes)));
  let total = combination ? combination.price : product.selling_price;
  for (const group of product.multi_selectable_attributes) {
    for (const id of selection.selectedMultiAttributes[group.id] ?? []) {
      const value = group.values.find((v) => v.id === id);
      const forVariant = value?.variant_prices.find((vp) => vp.variant_id === combination?.variant_id);
      total += forVariant ? forVariant.price : (value?.price ?? 0);
    }
  }
  return total;
}

function expectValid(product: ConfigurableProduct, selection: Selection): void {
  const combination = matchingCombination(product, selection.selectedAttributes);
  if (product.combinations.length > 0) expect(combination).not.toBeNull();
  else expect(selection.selectedAttributes).toEqual({});

  for (const [key, chosen] of Object.entries(selection.selectedMultiAttributes)) {
    const group = product.multi_selectable_attributes.find((g) => String(g.id) === key);
    expect(group).toBeDefined();
    if (!group) continue;
    expect(new Set(chosen).size).toBe(chosen.length);
    if (group.max_select !== null) expect(chosen.length).toBeLessThanOrEqual(group.max_select);
    for (const id of chosen) {
      const value = group.values.find((v) => v.id === id);
      expect(value).toBeDefined();
      if (value) expect(fitsSingleChoices(product, selection, value)).toBe(true);
      expect(isMultiValueDisabled(product, selection, group.id, id)).toBe(false);
    }
  }

  const check = checkSelection(product, selection);
  if (!check.ok) {
    const short = product.multi_selectable_attributes.filter((g) => (selection.selectedMultiAttributes[g.id]?.length ?? 0) < g.min_select);
    expect(short.length).toBeGreaterThan(0);
    expect(check.refusal).toEqual({ id: "product.select_at_least", values: { min: short[0]!.min_select, group: short[0]!.name } });
  }

  const base = combination ? combination.price : product.selling_price;
  const price = unitPrice(product, selection);
  expect(base).toBeGreaterThanOrEqual(0);
  expect(price).toBeGreaterThanOrEqual(base);
  expect(price).toBe(expectedPrice(product, selection));
  if (check.ok) {
    expect(check.unitPrice).toBe(price);
    expect(check.variantId).toBe(combination?.variant_id ?? null);
  }
}

describe("product options under random clicks", () => {
  it(
    "start from the first combination with no add-ons",
    () => {
      fc.assert(
        fc.property(productArb, (product) => {
          const selection = initialSelection(product);
          expect(selection.selectedMultiAttributes).toEqual({});
          expect(matchingCombination(product, selection.selectedAttributes)).toBe(product.combinations[0] ?? null);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "keep every selection valid from the initial one on",
    () => {
      fc.assert(
        fc.property(
          productArb.chain((product) => fc.tuple(fc.constant(product), clicksArb(product))),
          ([product, clicks]) => {
            let selection = initialSelection(product);
            expectValid(product, selection);
            for (const click of clicks) {
              selection = apply(product, selection, click);
              expectValid(product, selection);
            }
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    "select a value exactly when it is enabled and new, and then start the add-ons over",
    () => {
      fc.assert(
        fc.property(
          productArb.chain((product) => fc.tuple(fc.constant(product), clicksArb(product))),
          ([product, clicks]) => {
            let selection = initialSelection(product);
            for (const click of clicks) {
              const next = apply(product, selection, click);
              if (click.kind === "select") {
                const same = selection.selectedAttributes[click.attributeId] === click.valueId;
                const disabled = isAttributeValueDisabled(product, selection, click.attributeId, click.valueId);
                expect(disabled).toBe(expectedValueDisabled(product, selection, click.attributeId, click.valueId));
                if (same || disabled) expect(next).toBe(selection);
                else
                  expect(next).toEqual({
                    selectedAttributes: { ...selection.selectedAttributes, [click.attributeId]: click.valueId },
                    selectedMultiAttributes: {},
                  });
              } else {
                const chosen = selection.selectedMultiAttributes[click.groupId] ?? [];
                if (chosen.includes(click.valueId))
                  expect(next.selectedMultiAttributes[click.groupId]).toEqual(chosen.filter((id) => id !== click.valueId));
                else if (isMultiValueDisabled(product, selection, click.groupId, click.valueId)) expect(next).toBe(selection);
                else expect(next.selectedMultiAttributes[click.groupId]).toEqual([...chosen, click.valueId]);
                expect(next.selectedAttributes).toBe(selection.selectedAttributes);
              }
              selection = next;
            }
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("checkSelection on forged input", () => {
  /**
   * Mostly plausible picks, spoiled now and then: a missing pick, an id of the wrong kind or attribute, a duplicate
   * add-on, an extra key that is unknown or spelled "01" for attribute 1.
   */
  function forgedSelectionArb(product: ConfigurableProduct): fc.Arbitrary<Selection> {
    const anyId = fc.constantFrom(
      UNKNOWN,
      ...product.attributes.flatMap((a) => [a.id, ...a.values.map((v) => v.id)]),
      ...product.multi_selectable_attributes.flatMap((g) => [g.id, ...g.values.map((v) => v.id)]),
    );
    const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
    const oddKey = fc.oneof(
      anyId.map(String),
      anyId.map((id) => `0${id}`),
      fc.constantFrom("x", "1.0", ""),
    );
    const respelled: fc.Arbitrary<[string, number]> =
      product.attributes.length === 0
        ? fc.constant(["0", UNKNOWN])
        : fc
            .constantFrom(...product.attributes)
            .chain((a) => fc.tuple(fc.constant(`0${a.id}`), fc.constantFrom(...a.values.map((v) => v.id))));
    const singles = fc
      .tuple(
        fc.tuple(
          ...product.attributes.map((a) =>
            fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom(...a.values.map((v) => v.id)) },
              { weight: 1, arbitrary: anyId },
              { weight: 1, arbitrary: fc.constant(null) },
            ),
          ),
        ),
        rarely(fc.oneof(fc.tuple(oddKey, anyId), respelled)),
        rarely(fc.constant(true)),
      )
      .map(([picks, extra, rotate]) => {
        const selected: Record<string, number> = {};
        product.attributes.forEach((a, i) => {
          // Rotating hands each attribute the next one's pick: the same ids as a combination, under the wrong keys.
          const pick = rotate ? picks[(i + 1) % picks.length] : picks[i];
          if (pick !== null && pick !== undefined) selected[a.id] = pick;
        });
        if (extra) selected[extra[0]] = extra[1];
        return selected;
      });
    const multis = fc
      .tuple(
        fc.tuple(
          ...product.multi_selectable_attributes.map((g) =>
            fc.oneof(
              { weight: 1, arbitrary: fc.constant(null) },
              {
                weight: 8,
                arbitrary: fc
                  .tuple(
                    fc.shuffledSubarray(g.values.map((v) => v.id)),
                    rarely(fc.oneof(anyId, fc.constantFrom(UNKNOWN, ...g.values.map((v) => v.id)))),
                  )
                  .map(([ids, extra]) => (extra === null ? ids : [...ids, extra])),
              },
            ),
          ),
        ),
        rarely(fc.tuple(oddKey, fc.array(anyId, { maxLength: 2 }))),
      )
      .map(([chosen, extra]) => {
        const selected: Record<string, number[]> = {};
        product.multi_selectable_attributes.forEach((g, i) => {
          const ids = chosen[i];
          if (ids) selected[g.id] = ids;
        });
        if (extra) selected[extra[0]] = extra[1];
        return selected;
      });
    return fc.record({ selectedAttributes: singles, selectedMultiAttributes: multis });
  }

  it(
    "accepts only selections the drawer's rules allow, and prices them like unitPrice",
    () => {
      fc.assert(
        fc.property(
          productArb.chain((product) => fc.tuple(fc.constant(product), forgedSelectionArb(product))),
          ([product, selection]) => {
            const check = checkSelection(product, selection);
            if (!check.ok) return;
            const combination = matchingCombination(product, selection.selectedAttributes);
            if (product.combinations.length > 0) expect(combination).not.toBeNull();
            expect(Object.keys(selection.selectedAttributes).sort()).toEqual(product.attributes.map((a) => String(a.id)).sort());
            for (const attribute of product.attributes) {
              expect(attribute.values.map((v) => v.id)).toContain(selection.selectedAttributes[attribute.id]);
            }
            for (const key of Object.keys(selection.selectedMultiAttributes)) {
              expect(product.multi_selectable_attributes.map((g) => String(g.id))).toContain(key);
            }
            for (const group of product.multi_selectable_attributes) {
              const chosen = selection.selectedMultiAttributes[group.id] ?? [];
              expect(new Set(chosen).size).toBe(chosen.length);
              expect(chosen.length).toBeGreaterThanOrEqual(group.min_select);
              if (group.max_select !== null) expect(chosen.length).toBeLessThanOrEqual(group.max_select);
              for (const id of chosen) {
                const value = group.values.find((v) => v.id === id);
                expect(value && fitsSingleChoices(product, selection, value)).toBe(true);
              }
            }
            expect(check).toEqual({ ok: true, variantId: combination?.variant_id ?? null, unitPrice: unitPrice(product, selection) });
          },
        ),
        RUNS,
      );
    },
    TIMEOUT,
  );
});

describe("toMinorUnitProduct", () => {
  it(
    "turns the API's major-unit prices back into the minor units they came from",
    () => {
      fc.assert(
        fc.property(productArb, fc.integer({ min: 0, max: 4 }), (product, decimalPlaces) => {
          const major = (minor: number) => toMajor(minor, decimalPlaces);
          const asSent: ConfigurableProduct = {
            ...product,
            selling_price: major(product.selling_price),
            combinations: product.combinations.map((c) => ({ ...c, price: major(c.price) })),
            multi_selectable_attributes: product.multi_selectable_attributes.map((g) => ({
              ...g,
              values: g.values.map((v) => ({
                ...v,
                price: v.price === null ? null : major(v.price),
                variant_prices: v.variant_prices.map((vp) => ({ ...vp, price: major(vp.price) })),
              })),
            })),
          };
          expect(toMinorUnitProduct(asSent, decimalPlaces)).toEqual(product);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});
