import { describe, expect, it } from "vitest";
import { LOW_STOCK_DEFAULT, lowStockThreshold, stockShortfall as shortfallMessage, stockLevel, typedUnits } from "../../commerce/stock";
import { inEnglish } from "./english";

const stockShortfall = (...args: Parameters<typeof shortfallMessage>) => inEnglish(shortfallMessage(...args));

describe("stock levels", () => {
  it("says nothing of an uncounted product, and in stock, only a few left or out of stock of a counted one", () => {
    expect(stockLevel(null, 5)).toBeNull();
    expect(stockLevel(0, 5)).toBe("out_of_stock");
    expect(stockLevel(1, 5)).toBe("low_stock");
    expect(stockLevel(5, 5)).toBe("low_stock");
    expect(stockLevel(6, 5)).toBe("in_stock");
    // A threshold of 0: never "only a few left".
    expect(stockLevel(1, 0)).toBe("in_stock");
  });

  it("reads the store's threshold, else the default", () => {
    expect(lowStockThreshold("3")).toBe(3);
    expect(lowStockThreshold(undefined)).toBe(LOW_STOCK_DEFAULT);
    expect(lowStockThreshold("few")).toBe(LOW_STOCK_DEFAULT);
  });
});

describe("stock shortfalls", () => {
  it("refuses only what is more than is left, saying how many are", () => {
    expect(stockShortfall(null, 500)).toBeNull();
    expect(stockShortfall(3, 3)).toBeNull();
    expect(stockShortfall(3, 4)).toBe("Only 3 of this item are left at this branch.");
    expect(stockShortfall(1, 2, { inCart: 1 })).toBe("Only 1 of this item is left at this branch. Your cart already has 1.");
    expect(stockShortfall(0, 1)).toBe("This item is out of stock at this branch.");
  });

  it("names the item and says what to do when the message stands alone", () => {
    expect(stockShortfall(0, 1, { name: "Egg Biryani" })).toBe("Egg Biryani is out of stock at this branch. Remove it to continue.");
    expect(stockShortfall(2, 3, { name: "Gajar Halwa" })).toBe(
      "Only 2 of Gajar Halwa are left at this branch. Lower the quantity to continue.",
    );
  });
});

describe("units an owner types (the desk's stock form)", () => {
  it("are a whole number from 0 to a million, spaces around allowed; anything else is none", () => {
    expect(["0", "7", " 12 ", "1000000", "0012"].map(typedUnits)).toEqual([0, 7, 12, 1_000_000, 12]);
    for (const junk of ["", " ", "-1", "1.5", "1e3", "+3", "1000001", "12345678", "٣", "3 4", "0x10"])
      expect(typedUnits(junk), junk).toBeNull();
  });
});
