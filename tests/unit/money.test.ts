import { describe, expect, it } from "vitest";
import { type CurrencySettings, currencyFromSettings, formatPrice, toMajor, toMinor } from "../../commerce/money";

const usd: CurrencySettings = { locale: "en-US", currencyCode: "USD", decimalPlaces: 2, symbolPlacement: "before" };

describe("formatPrice", () => {
  it.each([
    [12.5, usd, "$12.50"],
    [12, usd, "$12"],
    ["7.25", usd, "$7.25"],
    [1234.5, { ...usd, locale: "en-IN", currencyCode: "INR" }, "₹1,234.50"],
    [24.99, { locale: "de-DE", currencyCode: "EUR", decimalPlaces: 2, symbolPlacement: "after" }, "24,99 €"],
    [24.99, { ...usd, symbolPlacement: "after" }, "24.99 $"],
    [1500, { locale: "ja-JP", currencyCode: "JPY", decimalPlaces: 0, symbolPlacement: "before" }, "￥1,500"],
    [1.234, { locale: "en-US", currencyCode: "KWD", decimalPlaces: 3, symbolPlacement: "before" }, "KWD 1.234"],
    [0, usd, "$0"],
  ] as const)("formats %s as %s's way", (amount, currency, expected) => {
    expect(formatPrice(amount, currency).replace(/\u00a0/g, " ")).toBe(expected);
  });

  it("shows every decimal place for the options drawer's running price", () => {
    expect(formatPrice(12, usd, { allDecimals: true })).toBe("$12.00");
    expect(formatPrice(12.5, usd, { allDecimals: true })).toBe("$12.50");
    expect(
      formatPrice(1500, { locale: "en-US", currencyCode: "JPY", decimalPlaces: 0, symbolPlacement: "before" }, { allDecimals: true }),
    ).toBe("¥1,500");
  });

  it("shows 0 for input that is not a number rather than NaN", () => {
    expect(formatPrice("abc", usd)).toBe("$0");
  });

  it("falls back to the defaults for an unknown currency code", () => {
    expect(formatPrice(3, { ...usd, currencyCode: "NOTACODE" })).toBe("$3");
  });

  it("gives the same text from its memo as the first time, per currency and style, past the memo's size", () => {
    const eur: CurrencySettings = { locale: "de-DE", currencyCode: "EUR", decimalPlaces: 2, symbolPlacement: "after" };
    for (let round = 0; round < 2; round++) {
      expect(formatPrice(12, usd)).toBe("$12");
      expect(formatPrice(12, usd, { allDecimals: true })).toBe("$12.00");
      expect(formatPrice(12, eur)).toBe("12 €");
      expect(formatPrice(-0, usd)).toBe("$0");
      for (let i = 0; i < 2_500; i++)
        expect(formatPrice(i / 4, usd)).toBe(`$${(i / 4).toLocaleString("en-US", { minimumFractionDigits: i % 4 ? 2 : 0 })}`);
    }
  });
});

describe("minor units", () => {
  it("converts exactly, and refuses more precision than the currency has", () => {
    expect(toMinor(12.34, 2)).toBe(1234);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(toMinor(1500, 0)).toBe(1500);
    expect(toMinor(1.234, 3)).toBe(1234);
    expect(toMinor(12.345, 2)).toBeNull();
    expect(toMinor(Number.NaN, 2)).toBeNull();
    expect(toMajor(1234, 2)).toBe(12.34);
    expect(toMajor(1234, 0)).toBe(1234);
  });
});

describe("currencyFromSettings", () => {
  it("reads the store's settings and falls back to the spec's defaults", () => {
    expect(currencyFromSettings({})).toEqual(usd);
    expect(currencyFromSettings({ locale: "de-DE", currencyCode: "EUR", decimalPlaces: "3", symbolPlacement: "after" })).toEqual({
      locale: "de-DE",
      currencyCode: "EUR",
      decimalPlaces: 3,
      symbolPlacement: "after",
    });
    expect(currencyFromSettings({ decimalPlaces: "many" }).decimalPlaces).toBe(2);
  });
});
