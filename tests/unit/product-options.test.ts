import { describe, expect, it } from "vitest";
import { say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import {
  type ConfigurableProduct,
  checkSelection as checkSelectionMessages,
  initialSelection,
  isAttributeValueDisabled,
  isMultiValueDisabled,
  type MultiAttribute,
  matchingCombination,
  type Selection,
  selectAttributeValue,
  toggleMultiValue,
  toMinorUnitProduct,
  unitPrice,
} from "../../commerce/product-options";
import { refusalInEnglish } from "./english";

const checkSelection = (...args: Parameters<typeof checkSelectionMessages>) => refusalInEnglish(checkSelectionMessages(...args));

// Ids: Size 1 (S 11, M 12, L 13), Crust 2 (Thin 21, Pan 22), Toppings 3 (31–34), Sauces 4 (41–43).
const SIZE = 1;
const CRUST = 2;
const TOPPINGS = 3;
const SAUCES = 4;
const [S, M, L] = [11, 12, 13];
const [THIN, PAN] = [21, 22];
const [CHEESE, MUSHROOMS, TRUFFLE, JALAPENOS] = [31, 32, 33, 34];
const [GARLIC, BBQ, CHILI] = [41, 42, 43];

const toppings: MultiAttribute = {
  id: TOPPINGS,
  name: "Toppings",
  min_select: 1,
  max_select: 2,
  values: [
    { id: CHEESE, value: "Cheese", price: 100, dependencies: [], variant_prices: [] },
    { id: MUSHROOMS, value: "Mushrooms", price: 150, dependencies: [], variant_prices: [] },
    { id: TRUFFLE, value: "Truffle", price: 500, dependencies: [L], variant_prices: [] },
    // Sold for medium pizzas only (variants 103 and 104), at a price of its own per variant.
    {
      id: JALAPENOS,
      value: "Jalapeños",
      price: 90,
      dependencies: [],
      variant_prices: [
        { variant_id: 103, price: 120 },
        { variant_id: 104, price: 130 },
      ],
    },
  ],
};

const sauces: MultiAttribute = {
  id: SAUCES,
  name: "Sauces",
  min_select: 0,
  max_select: null,
  values: [
    { id: GARLIC, value: "Garlic dip", price: 50, dependencies: [], variant_prices: [] },
    { id: BBQ, value: "BBQ", price: null, dependencies: [], variant_prices: [] },
    { id: CHILI, value: "Chili", price: 70, dependencies: [S, M], variant_prices: [] },
  ],
};

/** Large pizzas have no thin crust; the L+Pan combination lists its ids in the other order on purpose. */
const pizza: ConfigurableProduct = {
  selling_price: 800,
  attributes: [
    {
      id: SIZE,
      name: "Size",
      values: [
        { id: S, value: "S" },
        { id: M, value: "M" },
        { id: L, value: "L" },
      ],
    },
    {
      id: CRUST,
      name: "Crust",
      values: [
        { id: THIN, value: "Thin" },
        { id: PAN, value: "Pan" },
      ],
    },
  ],
  combinations: [
    { ids: [S, THIN], price: 800, variant_id: 101 },
    { ids: [S, PAN], price: 950, variant_id: 102 },
    { ids: [M, THIN], price: 1100, variant_id: 103 },
    { ids: [M, PAN], price: 1250, variant_id: 104 },
    { ids: [PAN, L], price: 1500, variant_id: 106 },
  ],
  multi_selectable_attributes: [toppings, sauces],
};

const plain: ConfigurableProduct = { selling_price: 1250, attributes: [], combinations: [], multi_selectable_attributes: [] };

function pick(size: number, crust: number, multi: Record<number, number[]> = {}): Selection {
  return { selectedAttributes: { [SIZE]: size, [CRUST]: crust }, selectedMultiAttributes: multi };
}

describe("initialSelection", () => {
  it("preselects the first combination and no add-ons", () => {
    expect(initialSelection(pizza)).toEqual({ selectedAttributes: { [SIZE]: S, [CRUST]: THIN }, selectedMultiAttributes: {} });
  });

  it("maps each id of the first combination to its attribute whatever the order of the ids", () => {
    const largeFirst = { ...pizza, combinations: [...pizza.combinations].reverse() };
    expect(initialSelection(largeFirst).selectedAttributes).toEqual({ [SIZE]: L, [CRUST]: PAN });
  });

  it("is empty for a product without options", () => {
    expect(initialSelection(plain)).toEqual({ selectedAttributes: {}, selectedMultiAttributes: {} });
  });
});

describe("matchingCombination", () => {
  it("finds the combination of the selected values", () => {
    expect(matchingCombination(pizza, { [SIZE]: M, [CRUST]: PAN })?.variant_id).toBe(104);
  });

  it("ignores the order of the combination's ids", () => {
    expect(matchingCombination(pizza, { [SIZE]: L, [CRUST]: PAN })?.variant_id).toBe(106);
    expect(matchingCombination(pizza, { [CRUST]: PAN, [SIZE]: L })?.variant_id).toBe(106);
  });

  it("is null for an excluded pair, an incomplete selection and a product without combinations", () => {
    expect(matchingCombination(pizza, { [SIZE]: L, [CRUST]: THIN })).toBeNull();
    expect(matchingCombination(pizza, { [SIZE]: S })).toBeNull();
    expect(matchingCombination(pizza, { [SIZE]: S, [CRUST]: S })).toBeNull();
    expect(matchingCombination(plain, {})).toBeNull();
  });
});

describe("isAttributeValueDisabled", () => {
  it("disables a value no combination has together with the other attributes' picks", () => {
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), SIZE, L)).toBe(true);
    expect(isAttributeValueDisabled(pizza, pick(L, PAN), CRUST, THIN)).toBe(true);
  });

  it("keeps values that combine with the other picks, including the current one", () => {
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), SIZE, M)).toBe(false);
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), SIZE, S)).toBe(false);
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), CRUST, PAN)).toBe(false);
  });

  it("ignores the attribute's own pick", () => {
    // L with Pan exists, so L is offered on a Pan pizza although L+Thin does not.
    expect(isAttributeValueDisabled(pizza, pick(S, PAN), SIZE, L)).toBe(false);
  });

  it("disables unknown ids and a value named under the wrong attribute", () => {
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), SIZE, 999)).toBe(true);
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), 999, S)).toBe(true);
    expect(isAttributeValueDisabled(pizza, pick(S, THIN), SIZE, PAN)).toBe(true);
  });

  it("disables nothing when the product has no combinations", () => {
    const tee: ConfigurableProduct = { ...plain, attributes: [{ id: 7, name: "Colour", values: [{ id: 70, value: "Red" }] }] };
    expect(isAttributeValueDisabled(tee, { selectedAttributes: {}, selectedMultiAttributes: {} }, 7, 70)).toBe(false);
  });
});

describe("selectAttributeValue", () => {
  it("sets the value and resets every add-on choice", () => {
    const before = pick(S, THIN, { [TOPPINGS]: [CHEESE], [SAUCES]: [GARLIC] });
    expect(selectAttributeValue(pizza, before, SIZE, M)).toEqual(pick(M, THIN));
    expect(before).toEqual(pick(S, THIN, { [TOPPINGS]: [CHEESE], [SAUCES]: [GARLIC] }));
  });

  it("changes nothing, add-ons included, when the value is already selected", () => {
    const before = pick(S, THIN, { [TOPPINGS]: [CHEESE] });
    expect(selectAttributeValue(pizza, before, SIZE, S)).toBe(before);
  });

  it("changes nothing for a disabled or unknown value", () => {
    const before = pick(S, THIN, { [TOPPINGS]: [CHEESE] });
    expect(selectAttributeValue(pizza, before, SIZE, L)).toBe(before);
    expect(selectAttributeValue(pizza, before, SIZE, 999)).toBe(before);
    expect(selectAttributeValue(pizza, before, 999, S)).toBe(before);
    expect(selectAttributeValue(pizza, before, SIZE, PAN)).toBe(before);
  });

  it("allows a value once the other attribute makes it possible", () => {
    const pan = selectAttributeValue(pizza, pick(S, THIN), CRUST, PAN);
    expect(selectAttributeValue(pizza, pan, SIZE, L)).toEqual(pick(L, PAN));
  });
});

describe("isMultiValueDisabled", () => {
  it("disables unchosen values once the group's maximum is reached, but not the chosen ones", () => {
    const full = pick(M, THIN, { [TOPPINGS]: [CHEESE, MUSHROOMS] });
    expect(isMultiValueDisabled(pizza, full, TOPPINGS, JALAPENOS)).toBe(true);
    expect(isMultiValueDisabled(pizza, full, TOPPINGS, CHEESE)).toBe(false);
    expect(isMultiValueDisabled(pizza, full, TOPPINGS, MUSHROOMS)).toBe(false);
    expect(isMultiValueDisabled(pizza, pick(M, THIN, { [TOPPINGS]: [CHEESE] }), TOPPINGS, JALAPENOS)).toBe(false);
  });

  it("has no maximum when max_select is null", () => {
    expect(isMultiValueDisabled(pizza, pick(S, THIN, { [SAUCES]: [GARLIC, BBQ] }), SAUCES, CHILI)).toBe(false);
  });

  it("requires one of the value's dependencies among the single-choice picks", () => {
    expect(isMultiValueDisabled(pizza, pick(S, THIN), TOPPINGS, TRUFFLE)).toBe(true);
    expect(isMultiValueDisabled(pizza, pick(L, PAN), TOPPINGS, TRUFFLE)).toBe(false);
    expect(isMultiValueDisabled(pizza, pick(M, PAN), SAUCES, CHILI)).toBe(false);
    expect(isMultiValueDisabled(pizza, pick(L, PAN), SAUCES, CHILI)).toBe(true);
  });

  it("requires a price for the current variant when the value has variant prices", () => {
    expect(isMultiValueDisabled(pizza, pick(S, THIN), TOPPINGS, JALAPENOS)).toBe(true);
    expect(isMultiValueDisabled(pizza, pick(M, PAN), TOPPINGS, JALAPENOS)).toBe(false);
    // No matching combination means no variant, so no variant price can apply.
    expect(isMultiValueDisabled(pizza, { selectedAttributes: { [SIZE]: M }, selectedMultiAttributes: {} }, TOPPINGS, JALAPENOS)).toBe(true);
    expect(isMultiValueDisabled(pizza, { selectedAttributes: { [SIZE]: M }, selectedMultiAttributes: {} }, TOPPINGS, CHEESE)).toBe(false);
  });

  it("keeps a chosen value disabled when its dependency or variant rule fails", () => {
    expect(isMultiValueDisabled(pizza, pick(S, THIN, { [TOPPINGS]: [TRUFFLE] }), TOPPINGS, TRUFFLE)).toBe(true);
    expect(isMultiValueDisabled(pizza, pick(S, THIN, { [TOPPINGS]: [JALAPENOS] }), TOPPINGS, JALAPENOS)).toBe(true);
  });

  it("disables unknown ids and a value named under the wrong group", () => {
    expect(isMultiValueDisabled(pizza, pick(S, THIN), TOPPINGS, 999)).toBe(true);
    expect(isMultiValueDisabled(pizza, pick(S, THIN), 999, CHEESE)).toBe(true);
    expect(isMultiValueDisabled(pizza, pick(S, THIN), TOPPINGS, GARLIC)).toBe(true);
  });
});

describe("toggleMultiValue", () => {
  it("adds in click order and removes", () => {
    let selection = pick(M, THIN);
    selection = toggleMultiValue(pizza, selection, TOPPINGS, MUSHROOMS);
    selection = toggleMultiValue(pizza, selection, TOPPINGS, CHEESE);
    expect(selection).toEqual(pick(M, THIN, { [TOPPINGS]: [MUSHROOMS, CHEESE] }));
    selection = toggleMultiValue(pizza, selection, TOPPINGS, MUSHROOMS);
    expect(selection).toEqual(pick(M, THIN, { [TOPPINGS]: [CHEESE] }));
    selection = toggleMultiValue(pizza, selection, SAUCES, GARLIC);
    expect(selection).toEqual(pick(M, THIN, { [TOPPINGS]: [CHEESE], [SAUCES]: [GARLIC] }));
  });

  it("does not add past the maximum until a chosen value is removed", () => {
    const full = pick(M, THIN, { [TOPPINGS]: [CHEESE, MUSHROOMS] });
    expect(toggleMultiValue(pizza, full, TOPPINGS, JALAPENOS)).toBe(full);
    const freed = toggleMultiValue(pizza, full, TOPPINGS, CHEESE);
    expect(toggleMultiValue(pizza, freed, TOPPINGS, JALAPENOS)).toEqual(pick(M, THIN, { [TOPPINGS]: [MUSHROOMS, JALAPENOS] }));
  });

  it("does not add a value whose dependency or variant rule fails, or an unknown one", () => {
    const small = pick(S, THIN);
    expect(toggleMultiValue(pizza, small, TOPPINGS, TRUFFLE)).toBe(small);
    expect(toggleMultiValue(pizza, small, TOPPINGS, JALAPENOS)).toBe(small);
    expect(toggleMultiValue(pizza, small, TOPPINGS, 999)).toBe(small);
    expect(toggleMultiValue(pizza, small, 999, CHEESE)).toBe(small);
    expect(toggleMultiValue(pizza, small, TOPPINGS, GARLIC)).toBe(small);
  });

  it("always lets a chosen value be removed, even one that is disabled", () => {
    expect(toggleMultiValue(pizza, pick(S, THIN, { [TOPPINGS]: [TRUFFLE] }), TOPPINGS, TRUFFLE)).toEqual(pick(S, THIN, { [TOPPINGS]: [] }));
  });
});

describe("unitPrice", () => {
  it("is the combination's price plus the add-ons", () => {
    expect(unitPrice(pizza, pick(S, THIN))).toBe(800);
    expect(unitPrice(pizza, pick(L, PAN, { [TOPPINGS]: [CHEESE, TRUFFLE] }))).toBe(1500 + 100 + 500);
  });

  it("uses an add-on's price for the current variant instead of its own price, and counts a null price as 0", () => {
    expect(unitPrice(pizza, pick(M, THIN, { [TOPPINGS]: [CHEESE, JALAPENOS], [SAUCES]: [GARLIC, BBQ] }))).toBe(1100 + 100 + 120 + 50 + 0);
    expect(unitPrice(pizza, pick(M, PAN, { [TOPPINGS]: [JALAPENOS] }))).toBe(1250 + 130);
  });

  it("falls back to the selling price and the add-on's own price without a matching combination", () => {
    expect(unitPrice(pizza, { selectedAttributes: { [SIZE]: M }, selectedMultiAttributes: { [TOPPINGS]: [JALAPENOS] } })).toBe(800 + 90);
    expect(unitPrice(plain, { selectedAttributes: {}, selectedMultiAttributes: {} })).toBe(1250);
  });

  it("ignores unknown ids", () => {
    expect(unitPrice(pizza, pick(S, THIN, { [TOPPINGS]: [999, CHEESE], 999: [CHEESE] }))).toBe(900);
  });
});

/** checkSelection with its refusal said in English, as the spec writes the messages. */
function checkedInEnglish(product: ConfigurableProduct, selection: Selection) {
  const check = checkSelection(product, selection);
  return check.ok ? check : { ok: false, message: say(translatorOf("en"), check.refusal) };
}

describe("checkSelection", () => {
  const notAvailable = { ok: false, message: "This option is not available" };

  it("accepts a complete selection with its variant and price", () => {
    expect(checkedInEnglish(pizza, pick(M, THIN, { [TOPPINGS]: [CHEESE, JALAPENOS], [SAUCES]: [GARLIC] }))).toEqual({
      ok: true,
      variantId: 103,
      unitPrice: 1100 + 100 + 120 + 50,
    });
    expect(checkedInEnglish(pizza, pick(L, PAN, { [TOPPINGS]: [TRUFFLE], [SAUCES]: [] }))).toEqual({
      ok: true,
      variantId: 106,
      unitPrice: 2000,
    });
    expect(checkedInEnglish(plain, { selectedAttributes: {}, selectedMultiAttributes: {} })).toEqual({
      ok: true,
      variantId: null,
      unitPrice: 1250,
    });
  });

  it.each([
    ["an unknown attribute", pizza, { selectedAttributes: { [SIZE]: S, [CRUST]: THIN, 999: S }, selectedMultiAttributes: {} }],
    ["an unknown value", pizza, { selectedAttributes: { [SIZE]: 999, [CRUST]: THIN }, selectedMultiAttributes: {} }],
    ["a value of another attribute", pizza, { selectedAttributes: { [SIZE]: THIN, [CRUST]: THIN }, selectedMultiAttributes: {} }],
    ["a non-canonical attribute key", pizza, { selectedAttributes: { [SIZE]: S, [CRUST]: THIN, "01": L }, selectedMultiAttributes: {} }],
    ["an unknown group", pizza, pick(S, THIN, { [TOPPINGS]: [CHEESE], 999: [CHEESE] })],
    ["an unknown add-on", pizza, pick(S, THIN, { [TOPPINGS]: [999] })],
    ["an add-on of another group", pizza, pick(S, THIN, { [TOPPINGS]: [GARLIC] })],
    ["a duplicate add-on", pizza, pick(S, THIN, { [TOPPINGS]: [CHEESE, CHEESE] })],
    ["ids that are not a list", pizza, pick(S, THIN, { [TOPPINGS]: CHEESE as unknown as number[] })],
    [
      "a value id that is a string",
      pizza,
      { selectedAttributes: { [SIZE]: String(S) as unknown as number, [CRUST]: THIN }, selectedMultiAttributes: {} },
    ],
    ["an add-on on a product without options", plain, { selectedAttributes: {}, selectedMultiAttributes: { [TOPPINGS]: [CHEESE] } }],
  ] as [string, ConfigurableProduct, Selection][])("refuses %s", (_, product, selection) => {
    expect(checkedInEnglish(product, selection)).toEqual(notAvailable);
  });

  it("reports an unknown id before a missing choice", () => {
    expect(checkedInEnglish(pizza, { selectedAttributes: { [CRUST]: 999 }, selectedMultiAttributes: {} })).toEqual(notAvailable);
  });

  it("asks for the first attribute without a value", () => {
    expect(checkedInEnglish(pizza, { selectedAttributes: {}, selectedMultiAttributes: {} })).toEqual({
      ok: false,
      message: "Please choose a Size",
    });
    expect(checkedInEnglish(pizza, { selectedAttributes: { [CRUST]: THIN }, selectedMultiAttributes: {} })).toEqual({
      ok: false,
      message: "Please choose a Size",
    });
    expect(checkedInEnglish(pizza, { selectedAttributes: { [SIZE]: S }, selectedMultiAttributes: {} })).toEqual({
      ok: false,
      message: "Please choose a Crust",
    });
  });

  it("refuses values that no combination joins", () => {
    expect(checkedInEnglish(pizza, pick(L, THIN, { [TOPPINGS]: [CHEESE] }))).toEqual({
      ok: false,
      message: "This combination is not available",
    });
  });

  it("refuses an add-on whose dependency or variant rule fails", () => {
    expect(checkedInEnglish(pizza, pick(S, THIN, { [TOPPINGS]: [TRUFFLE] }))).toEqual({
      ok: false,
      message: "Truffle is not available with your choices",
    });
    expect(checkedInEnglish(pizza, pick(S, PAN, { [TOPPINGS]: [JALAPENOS] }))).toEqual({
      ok: false,
      message: "Jalapeños is not available with your choices",
    });
    expect(checkedInEnglish(pizza, pick(L, PAN, { [TOPPINGS]: [CHEESE], [SAUCES]: [CHILI] }))).toEqual({
      ok: false,
      message: "Chili is not available with your choices",
    });
  });

  it("reports an unavailable add-on before too many of them", () => {
    expect(checkedInEnglish(pizza, pick(S, THIN, { [TOPPINGS]: [CHEESE, MUSHROOMS, TRUFFLE] }))).toEqual({
      ok: false,
      message: "Truffle is not available with your choices",
    });
  });

  it("refuses more add-ons than the group's maximum", () => {
    expect(checkedInEnglish(pizza, pick(M, THIN, { [TOPPINGS]: [CHEESE, MUSHROOMS, JALAPENOS] }))).toEqual({
      ok: false,
      message: "Please select at most 2 options for Toppings",
    });
  });

  it("refuses fewer add-ons than the group's minimum, after checking every maximum", () => {
    expect(checkedInEnglish(pizza, pick(S, THIN))).toEqual({ ok: false, message: "Please select at least 1 options for Toppings" });
    expect(checkedInEnglish(pizza, pick(S, THIN, { [TOPPINGS]: [] }))).toEqual({
      ok: false,
      message: "Please select at least 1 options for Toppings",
    });
    const oneSauce = { ...pizza, multi_selectable_attributes: [toppings, { ...sauces, max_select: 1 }] };
    expect(checkedInEnglish(oneSauce, pick(S, THIN, { [SAUCES]: [GARLIC, BBQ] }))).toEqual({
      ok: false,
      message: "Please select at most 1 options for Sauces",
    });
  });
});

describe("toMinorUnitProduct", () => {
  const major = {
    name: "Pizza",
    selling_price: 12.5,
    attributes: pizza.attributes,
    combinations: [{ ids: [S, THIN], price: 13.99, variant_id: 101 }],
    multi_selectable_attributes: [
      {
        ...toppings,
        values: [
          { id: CHEESE, value: "Cheese", price: 0.5, dependencies: [], variant_prices: [] },
          { id: JALAPENOS, value: "Jalapeños", price: null, dependencies: [], variant_prices: [{ variant_id: 101, price: 1.2 }] },
        ],
      },
    ],
  };

  it("converts every price with 2 decimal places and keeps the other fields", () => {
    const minor = toMinorUnitProduct(major, 2);
    expect(minor.name).toBe("Pizza");
    expect(minor.selling_price).toBe(1250);
    expect(minor.combinations).toEqual([{ ids: [S, THIN], price: 1399, variant_id: 101 }]);
    expect(minor.multi_selectable_attributes[0]?.values.map((v) => [v.price, v.variant_prices])).toEqual([
      [50, []],
      [null, [{ variant_id: 101, price: 120 }]],
    ]);
    expect(minor.multi_selectable_attributes[0]?.min_select).toBe(1);
    expect(major.selling_price).toBe(12.5);
  });

  it("converts with 0 and 3 decimal places", () => {
    const yen = toMinorUnitProduct({ ...plain, selling_price: 1500, combinations: [{ ids: [], price: 1600, variant_id: 1 }] }, 0);
    expect([yen.selling_price, yen.combinations[0]?.price]).toEqual([1500, 1600]);
    const dinar = toMinorUnitProduct({ ...plain, selling_price: 1.234 }, 3);
    expect(dinar.selling_price).toBe(1234);
  });

  it("throws a RangeError for a price with more decimals than the currency", () => {
    expect(() => toMinorUnitProduct({ ...plain, selling_price: 1.234 }, 2)).toThrow(RangeError);
    const nested = { ...major, multi_selectable_attributes: [{ ...toppings, values: [{ ...toppings.values[0]!, price: 1.234 }] }] };
    expect(() => toMinorUnitProduct(nested, 2)).toThrow(RangeError);
  });
});

describe("selectionFromPicks (what a form showed before hydration, decision 015)", () => {
  it("takes the picked single choice and add-ons by the click rules", async () => {
    const { selectionFromPicks, initialSelection } = await import("../../commerce/product-options");
    const product = {
      selling_price: 100,
      attributes: [
        {
          id: 1,
          name: "Size",
          values: [
            { id: 11, value: "S" },
            { id: 12, value: "L" },
          ],
        },
      ],
      combinations: [
        { ids: [11], price: 100, variant_id: 1 },
        { ids: [12], price: 150, variant_id: 2 },
      ],
      multi_selectable_attributes: [
        {
          id: 5,
          name: "Extras",
          min_select: 0,
          max_select: 1,
          values: [
            { id: 51, value: "Cheese", price: 10, dependencies: [], variant_prices: [] },
            { id: 52, value: "Olives", price: 10, dependencies: [], variant_prices: [] },
          ],
        },
      ],
    };
    const start = initialSelection(product);
    expect(selectionFromPicks(product, start, { attributes: { 1: 12 }, multi: { 5: [51, 52] } })).toEqual({
      selectedAttributes: { 1: 12 },
      // max_select 1: the second add-on is refused as a click on it would be.
      selectedMultiAttributes: { 5: [51] },
    });
    expect(selectionFromPicks(product, start, { attributes: { 1: 11 }, multi: {} })).toEqual(start);
  });
});
