import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Selection } from "../../commerce/product-options";
import food from "../../stores/food.json";
import {
  type AddItemPayload,
  addItem,
  CartError,
  type CartScope,
  cartLinesFrom,
  cartLinesStep,
  getCartLines,
  MAX_CART_LINES,
  removeItem,
  updateItem,
} from "../../worker/cart/cart-store";
import { selectionKey } from "../../worker/cart/selection-key";
import { guestOwner } from "../../worker/shopper/owner";
import { importStore } from "../../worker/store-import/import-store";
import closedStore from "../fixtures/closed-store.json";

const db = env.DB;
const minor = 10 ** Number(food.settings.decimalPlaces);
const none: Selection = { selectedAttributes: {}, selectedMultiAttributes: {} };
// Food store products: 1 has no options, 26 has Size × Crust combinations and Dips, 15 needs 2 to 3 Curries.
const PANEER = 1;
const PIZZA = 26;
const THALI = 15;
// Retail store product without options.
const RETAIL_PLAIN = 4;
const largeThin = (dips: number[] = []): Selection => ({
  selectedAttributes: { 2601: 2612, 2602: 2614 },
  selectedMultiAttributes: dips.length ? { 2670: dips } : {},
});
const thali = (curries: number[]): Selection => ({ selectedAttributes: {}, selectedMultiAttributes: { 1570: curries, 1571: [1580] } });

let foodId = 0;
let retailId = 0;
let manyId = 0;

function guest(): string {
  return guestOwner([...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join(""));
}
function foodScope(owner = guest(), branchId = 1): CartScope {
  return { tenantId: foodId, branchId, owner };
}
const add = (scope: CartScope, product_id: number, quantity = 1, selection: Selection = none) =>
  addItem(db, scope, { product_id, quantity, selection }).then((added) => added.value);

/** Every cart and line in the database, to show a refusal changed nothing anywhere. */
async function snapshot() {
  const [carts, items] = await db.batch([
    db.prepare("SELECT * FROM carts ORDER BY id"),
    db.prepare("SELECT * FROM cart_items ORDER BY id"),
  ]);
  return { carts: carts?.results, items: items?.results };
}

async function refusal(promise: Promise<unknown>): Promise<CartError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CartError);
    return error as CartError;
  }
  throw new Error("the change was accepted");
}

beforeAll(async () => {
  const ids = await db.prepare("SELECT id, slug FROM tenants").all<{ id: number; slug: string }>();
  foodId = ids.results.find((t) => t.slug === "food")?.id ?? 0;
  retailId = ids.results.find((t) => t.slug === "retail")?.id ?? 0;
  // A store with more simple products than a cart may hold, loaded by the real importer.
  const many = structuredClone(closedStore);
  many.slug = "cart-many";
  many.hostnames = ["cart-many.localhost"];
  many.settings.globalStoreEnable = "true";
  many.products = Array.from({ length: MAX_CART_LINES + 10 }, (_, i) => ({
    ...closedStore.products[0],
    id: i + 1,
    name: `Mug ${i + 1}`,
    slug: `mug-${i + 1}`,
    selling_price: 1 + i / 100,
  })) as typeof closedStore.products;
  manyId = (await importStore(env, many, { storeDb: db, database: "DB" })).tenantId;
  expect([foodId, retailId, manyId].every((id) => id > 0)).toBe(true);
});

describe("selection key", () => {
  it("is the same however the choices are ordered, and empty groups do not count", () => {
    const a: Selection = { selectedAttributes: { 2602: 2614, 2601: 2612 }, selectedMultiAttributes: { 2670: [2676, 2675], 9: [] } };
    expect(selectionKey(a)).toBe("a2601=2612,a2602=2614;m2670=2675.2676");
    expect(selectionKey(largeThin([2675, 2676]))).toBe(selectionKey(a));
    expect(selectionKey(none)).toBe("");
    expect(selectionKey(thali([1576, 1575]))).toBe("m1570=1575.1576,m1571=1580");
  });
});

describe("cart store", () => {
  it("adds a product, and adding it again grows the same line", async () => {
    const scope = foodScope();
    expect(await getCartLines(db, scope)).toEqual([]);
    const first = await add(scope, PANEER, 2);
    expect(first).toMatchObject({ product_id: PANEER, quantity: 2, selection: none, selection_key: "", variant_id: null });
    expect(first.unit_price_at_add).toBe(279 * minor);
    const again = await add(scope, PANEER, 3);
    expect(again.id).toBe(first.id);
    expect(again.quantity).toBe(5);
    const lines = await getCartLines(db, scope);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: first.id, quantity: 5 });
  });

  it("keeps the same options as one line and different options as different lines, priced in minor units", async () => {
    const scope = foodScope();
    const withDips = await add(scope, PIZZA, 1, largeThin([2676, 2675]));
    expect(withDips.variant_id).toBe(2644);
    expect(withDips.unit_price_at_add).toBe((449 + 25 + 25) * minor);
    expect(withDips.selection).toEqual({ selectedAttributes: { 2601: 2612, 2602: 2614 }, selectedMultiAttributes: { 2670: [2675, 2676] } });
    // The same choices in another click order (and an empty group) are the same line.
    const same = await add(scope, PIZZA, 2, {
      selectedAttributes: { 2602: 2614, 2601: 2612 },
      selectedMultiAttributes: { 2670: [2675, 2676] },
    });
    expect(same).toMatchObject({ id: withDips.id, quantity: 3 });
    const plain = await add(scope, PIZZA, 1, largeThin());
    expect(plain.id).not.toBe(withDips.id);
    expect(plain.unit_price_at_add).toBe(449 * minor);
    const thaliLine = await add(scope, THALI, 1, thali([1575, 1576]));
    expect(thaliLine.unit_price_at_add).toBe((199 + 0 + 30 + 0) * minor);
    const lines = await getCartLines(db, scope);
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      [withDips.id, 3],
      [plain.id, 1],
      [thaliLine.id, 1],
    ]);
  });

  it("updates a quantity, changes options in place, and merges into a line that already has the new options", async () => {
    const scope = foodScope();
    const a = await add(scope, PIZZA, 1, largeThin());
    const b = await add(scope, PIZZA, 2, largeThin([2675]));
    expect((await updateItem(db, scope, a.id, 4)).value).toMatchObject({ id: a.id, quantity: 4, selection_key: a.selection_key });
    // Passing the same options is a quantity change only.
    expect((await updateItem(db, scope, a.id, 5, largeThin())).value).toMatchObject({ id: a.id, quantity: 5 });

    // New options nobody else has: the line changes in place, with the new variant and price.
    const medium: Selection = { selectedAttributes: { 2601: 2611, 2602: 2613 }, selectedMultiAttributes: {} };
    const changed = (await updateItem(db, scope, a.id, 5, medium)).value;
    expect(changed).toMatchObject({ id: a.id, quantity: 5, variant_id: 2641, unit_price_at_add: 329 * minor });

    // Options that line b has: the two lines become one, quantities added.
    const merged = (await updateItem(db, scope, a.id, 3, largeThin([2675]))).value;
    expect(merged).toMatchObject({ id: b.id, quantity: 5 });
    const lines = await getCartLines(db, scope);
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([[b.id, 5]]);
  });

  it("runs a caller's reads after the change, in its batch: they see the change, and a refusal returns none", async () => {
    const scope = foodScope();
    const lines = () => ({ lines: cartLinesStep(db, scope) });
    const added = await addItem(db, scope, { product_id: PANEER, quantity: 2, selection: none }, lines());
    expect(cartLinesFrom(added.reads.lines).map((l) => [l.id, l.quantity])).toEqual([[added.value.id, 2]]);
    const updated = await updateItem(db, scope, added.value.id, 5, undefined, lines());
    expect(cartLinesFrom(updated.reads.lines).map((l) => l.quantity)).toEqual([5]);
    const removed = await removeItem(db, scope, added.value.id, lines());
    expect(cartLinesFrom(removed.reads.lines)).toEqual([]);
    await expect(removeItem(db, scope, added.value.id, lines())).rejects.toBeInstanceOf(CartError);
  });

  it("removes a line", async () => {
    const scope = foodScope();
    const a = await add(scope, PANEER);
    const b = await add(scope, PIZZA, 1, largeThin());
    await removeItem(db, scope, a.id);
    expect((await getCartLines(db, scope)).map((l) => l.id)).toEqual([b.id]);
    expect((await refusal(removeItem(db, scope, a.id))).code).toBe("item_not_found");
  });

  it("refuses unknown products, invalid options and bad quantities with the shopper's message, writing nothing", async () => {
    const scope = foodScope();
    await add(scope, PANEER);
    const before = await snapshot();
    const cases: [Partial<AddItemPayload>, string, string][] = [
      [{ product_id: 999_999 }, "product_not_found", "This product is not available."],
      [{ product_id: 0 }, "product_not_found", "This product is not available."],
      [
        { product_id: PIZZA, selection: { selectedAttributes: { 2601: 2612 }, selectedMultiAttributes: {} } },
        "invalid_options",
        "Please choose a Crust",
      ],
      [
        { product_id: PIZZA, selection: { selectedAttributes: { 2601: 2610, 2602: 2614 }, selectedMultiAttributes: {} } },
        "invalid_options",
        "This combination is not available",
      ],
      [{ product_id: PIZZA, selection: largeThin([2675, 2676, 2677]) }, "invalid_options", "Please select at most 2 options for Dips"],
      [
        { product_id: PIZZA, selection: { selectedAttributes: { 2601: 2612, 2602: 1580 }, selectedMultiAttributes: {} } },
        "invalid_options",
        "This option is not available",
      ],
      [{ product_id: THALI, selection: thali([1575]) }, "invalid_options", "Please select at least 2 options for Curries"],
      [{ product_id: THALI, selection: none }, "invalid_options", "Please select at least 2 options for Curries"],
      [
        { product_id: PANEER, selection: { selectedAttributes: { 2601: 2612 }, selectedMultiAttributes: {} } },
        "invalid_options",
        "This option is not available",
      ],
      [
        { product_id: PANEER, selection: { selectedAttributes: "x" } as unknown as Selection },
        "invalid_options",
        "This option is not available",
      ],
      [{ product_id: PANEER, selection: null as unknown as Selection }, "invalid_options", "This option is not available"],
      [{ product_id: PANEER, quantity: 0 }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: -1 }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: 100 }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: 1e12 }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: 1.5 }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: Number.NaN }, "invalid_quantity", "Choose a quantity from 1 to 99."],
      [{ product_id: PANEER, quantity: "2" as unknown as number }, "invalid_quantity", "Choose a quantity from 1 to 99."],
    ];
    for (const [payload, code, message] of cases) {
      const error = await refusal(addItem(db, scope, { quantity: 1, selection: none, product_id: PANEER, ...payload }));
      expect({ code: error.code, message: error.message, status: error.status }).toEqual({ code, message, status: 422 });
    }
    // A product of another store is not this store's product.
    const otherStoreOnly = await db.prepare("SELECT MAX(id) AS id FROM products WHERE tenant_id = ?1").bind(manyId).first<{ id: number }>();
    expect((await refusal(add(scope, otherStoreOnly?.id ?? 0))).code).toBe("product_not_found");
    // A branch the store does not have.
    expect((await refusal(add({ ...scope, branchId: 99 }, PANEER))).code).toBe("branch_not_found");
    expect(await snapshot()).toEqual(before);
  });

  it("an add without options is checked inside its write: a refused one says why and writes nothing, not even a cart", async () => {
    // Food demo data: Mutton Biryani (7) is not sold at Jayanagar (3); Egg Biryani (9) has none left at branch 1.
    const before = await snapshot();
    const cases: [number, number, string, string][] = [
      [999_999, 1, "product_not_found", "This product is not available."],
      [7, 3, "product_unavailable", "This item is not available at this branch."],
      [9, 1, "out_of_stock", "This item is out of stock at this branch."],
      [THALI, 1, "invalid_options", "Please select at least 2 options for Curries"],
      [PIZZA, 1, "invalid_options", "Please choose a Size"],
      [PANEER, 99, "branch_not_found", "This branch is not available."],
    ];
    for (const [productId, branchId, code, message] of cases) {
      const error = await refusal(add(foodScope(guest(), branchId), productId));
      expect({ code: error.code, message: error.message }).toEqual({ code, message });
    }
    expect(await snapshot()).toEqual(before);
    // Pizza's Dips are optional (none needed) but it has sizes to choose; Paneer takes none: its price is read in the write.
    const line = await add(foodScope(), PANEER);
    expect(line).toMatchObject({ selection_key: "", variant_id: null, unit_price_at_add: 279 * minor });
  });

  it("refuses bad updates (quantity 0 included) and leaves the line as it was", async () => {
    const scope = foodScope();
    const line = await add(scope, THALI, 2, thali([1575, 1576]));
    const before = await snapshot();
    for (const quantity of [0, -3, 100, 2.5, Number.POSITIVE_INFINITY]) {
      expect((await refusal(updateItem(db, scope, line.id, quantity))).code).toBe("invalid_quantity");
    }
    const minSelect = await refusal(updateItem(db, scope, line.id, 1, thali([1575])));
    expect(minSelect.message).toBe("Please select at least 2 options for Curries");
    expect((await refusal(updateItem(db, scope, line.id, 1, largeThin()))).message).toBe("This option is not available");
    expect((await refusal(updateItem(db, scope, 0, 1))).code).toBe("item_not_found");
    expect((await refusal(updateItem(db, scope, 2 ** 53, 1))).code).toBe("item_not_found");
    expect(await snapshot()).toEqual(before);
  });

  it("treats another owner's, branch's or store's line as not found, and changes nothing", async () => {
    const owner = guest();
    const mine = foodScope(owner, 1);
    const line = await add(mine, PIZZA, 2, largeThin());
    const foreignScopes: CartScope[] = [
      foodScope(guest(), 1),
      foodScope(owner, 2),
      { tenantId: retailId, branchId: 1, owner },
      { tenantId: foodId, branchId: 1, owner: "customer:1" },
    ];
    // The other scopes have carts of their own, so a lookup that forgot a condition would find something.
    for (const scope of foreignScopes) await add(scope, scope.tenantId === retailId ? RETAIL_PLAIN : PANEER);
    const before = await snapshot();
    for (const scope of foreignScopes) {
      const update = await refusal(updateItem(db, scope, line.id, 5));
      expect({ code: update.code, status: update.status, message: update.message }).toEqual({
        code: "item_not_found",
        status: 404,
        message: "This item is not in your cart.",
      });
      expect((await refusal(updateItem(db, scope, line.id, 5, largeThin([2675])))).code).toBe("item_not_found");
      expect((await refusal(removeItem(db, scope, line.id))).code).toBe("item_not_found");
      expect((await getCartLines(db, scope)).map((l) => l.id)).not.toContain(line.id);
    }
    expect(await snapshot()).toEqual(before);
    expect(await getCartLines(db, mine)).toEqual([expect.objectContaining({ id: line.id, quantity: 2 })]);
  });

  it("keeps carts apart by store, branch and owner", async () => {
    const owner = guest();
    await add(foodScope(owner, 1), PANEER, 1);
    await add(foodScope(owner, 2), PANEER, 2);
    await add({ tenantId: retailId, branchId: 1, owner }, RETAIL_PLAIN, 3);
    expect((await getCartLines(db, foodScope(owner, 1))).map((l) => l.quantity)).toEqual([1]);
    expect((await getCartLines(db, foodScope(owner, 2))).map((l) => l.quantity)).toEqual([2]);
    expect((await getCartLines(db, { tenantId: retailId, branchId: 1, owner })).map((l) => l.quantity)).toEqual([3]);
    expect(await getCartLines(db, foodScope(owner, 3))).toEqual([]);
    expect(await getCartLines(db, foodScope())).toEqual([]);
  });

  it("refuses an add past the line's maximum instead of clamping it", async () => {
    const scope = foodScope();
    await add(scope, PANEER, 98);
    const before = await snapshot();
    const error = await refusal(add(scope, PANEER, 2));
    expect({ code: error.code, message: error.message }).toEqual({
      code: "quantity_limit",
      message: "You can have at most 99 of this item in your cart.",
    });
    expect(await snapshot()).toEqual(before);
    expect((await add(scope, PANEER, 1)).quantity).toBe(99);
    // Merging two lines past the maximum is refused too, and both lines stay.
    const other = await add(scope, PIZZA, 50, largeThin());
    const third = await add(scope, PIZZA, 50, largeThin([2675]));
    const beforeMerge = await snapshot();
    expect((await refusal(updateItem(db, scope, other.id, 50, largeThin([2675])))).code).toBe("quantity_limit");
    expect(await snapshot()).toEqual(beforeMerge);
    expect((await getCartLines(db, scope)).map((l) => l.id)).toContain(third.id);
  });

  it("rejects a malformed scope as a programming error", async () => {
    await expect(getCartLines(db, { tenantId: foodId, branchId: 1, owner: "guest:nothex" })).rejects.toThrow(TypeError);
    await expect(add({ tenantId: foodId, branchId: 0, owner: guest() }, PANEER)).rejects.toThrow(TypeError);
  });
});

describe("cart store under concurrency", () => {
  it("50 concurrent adds of one product to one new cart end as one line of 50", async () => {
    const scope = foodScope();
    const results = await Promise.all(Array.from({ length: 50 }, () => add(scope, PANEER, 1)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.map((r) => r.quantity).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const lines = await getCartLines(db, scope);
    expect(lines.map((l) => l.quantity)).toEqual([50]);
    const carts = await db.prepare("SELECT COUNT(*) AS n FROM carts WHERE owner = ?1").bind(scope.owner).first<{ n: number }>();
    expect(carts?.n).toBe(1);
  });

  it("50 concurrent adds of 50 different products make 50 lines", async () => {
    const scope: CartScope = { tenantId: manyId, branchId: 1, owner: guest() };
    await Promise.all(Array.from({ length: 50 }, (_, i) => addItem(db, scope, { product_id: i + 1, quantity: 1, selection: none })));
    const lines = await getCartLines(db, scope);
    expect(lines).toHaveLength(50);
    expect(lines.map((l) => l.product_id).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(lines.every((l) => l.quantity === 1)).toBe(true);
  });

  it("concurrent adds never pass the line's maximum: the ones that would are refused", async () => {
    const scope = foodScope();
    const settled = await Promise.allSettled(Array.from({ length: 60 }, () => add(scope, PANEER, 2)));
    const accepted = settled.filter((s) => s.status === "fulfilled").length;
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as CartError] : []));
    expect(accepted).toBe(49);
    expect(refused.every((e) => e instanceof CartError && e.code === "quantity_limit")).toBe(true);
    expect((await getCartLines(db, scope)).map((l) => l.quantity)).toEqual([98]);
  });

  it("concurrent adds of more products than a cart holds stop at the line limit", async () => {
    const scope: CartScope = { tenantId: manyId, branchId: 1, owner: guest() };
    const settled = await Promise.allSettled(
      Array.from({ length: MAX_CART_LINES + 10 }, (_, i) => addItem(db, scope, { product_id: i + 1, quantity: 1, selection: none })),
    );
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as CartError] : []));
    expect(refused.map((e) => e.code)).toEqual(Array(10).fill("line_limit"));
    expect(await getCartLines(db, scope)).toHaveLength(MAX_CART_LINES);
    // A line already in the full cart can still grow.
    const first = (await getCartLines(db, scope))[0];
    expect((await addItem(db, scope, { product_id: first?.product_id ?? 0, quantity: 1, selection: none })).value.quantity).toBe(2);
  });
});
