/**
 * Money rules. Amounts are stored and computed as integer minor units; they become decimal numbers only
 * at the API's JSON edge and formatted strings only in the UI.
 */

export interface CurrencySettings {
  locale: string;
  currencyCode: string;
  decimalPlaces: number;
  symbolPlacement: "before" | "after";
}

export const DEFAULT_CURRENCY: CurrencySettings = {
  locale: "en-US",
  currencyCode: "USD",
  decimalPlaces: 2,
  symbolPlacement: "before",
};

export const MAX_DECIMAL_PLACES = 4;

function scale(decimalPlaces: number): number {
  return 10 ** decimalPlaces;
}

/** Converts a major-unit amount (12.5) to minor units (1250), or null when it has more precision than the currency. */
export function toMinor(amount: number, decimalPlaces: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const minor = Math.round(amount * scale(decimalPlaces));
  // Reject 12.345 in a 2-decimal currency instead of silently rounding a price the owner typed.
  if (Math.abs(minor / scale(decimalPlaces) - amount) > 1e-9 * Math.max(1, Math.abs(amount))) return null;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Converts minor units to the major-unit number used in API JSON. */
export function toMajor(minor: number, decimalPlaces: number): number {
  return minor / scale(decimalPlaces);
}

/**
 * The store's `decimalPlaces` setting (0 to 4): the one reading of it, wherever amounts are turned between minor and
 * major units. Absent or malformed: the spec's default.
 */
export function decimalPlacesFrom(setting: string | null | undefined): number {
  const decimals = setting ? Number(setting) : Number.NaN;
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMAL_PLACES ? decimals : DEFAULT_CURRENCY.decimalPlaces;
}

/** Reads the store's currency settings, falling back to the spec's defaults for anything missing or malformed. */
export function currencyFromSettings(settings: Readonly<Record<string, string | undefined>>): CurrencySettings {
  return {
    locale: settings.locale || DEFAULT_CURRENCY.locale,
    currencyCode: settings.currencyCode || DEFAULT_CURRENCY.currencyCode,
    decimalPlaces: decimalPlacesFrom(settings.decimalPlaces),
    symbolPlacement: settings.symbolPlacement === "after" ? "after" : "before",
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: CurrencySettings, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency.locale}|${currency.currencyCode}|${fractionDigits}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.NumberFormat(currency.locale, {
        style: "currency",
        currency: currency.currencyCode,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
    } catch {
      // An unknown locale or currency code in the store's settings must not break every price on the page.
      cached = new Intl.NumberFormat(DEFAULT_CURRENCY.locale, {
        style: "currency",
        currency: DEFAULT_CURRENCY.currencyCode,
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
    }
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Formats a major-unit amount the spec's way: numeric strings are parsed; the fraction digits equal
 * decimalPlaces when the amount has a fractional part, else 0; the symbol goes before or after.
 * `allDecimals` always shows decimalPlaces digits: the options drawer's running price ("2 decimals").
 */
export function formatPrice(
  amount: number | string,
  currency: CurrencySettings = DEFAULT_CURRENCY,
  { allDecimals = false }: { allDecimals?: boolean } = {},
): string {
  const value = typeof amount === "string" ? Number.parseFloat(amount) : amount;
  // -0 (a discount that rounded away) shows as 0, and shares 0's entry below.
  const safe = Number.isFinite(value) ? value || 0 : 0;
  const key = `${currency.locale}|${currency.currencyCode}|${currency.decimalPlaces}|${currency.symbolPlacement}|${allDecimals}|${safe}`;
  let text = formatted.get(key);
  if (text === undefined) {
    // Every page view formats the store's same few prices again, and formatToParts costs microseconds a call.
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    text = formatParts(safe, currency, allDecimals);
    formatted.set(key, text);
  }
  return text;
}

/** Formatted prices by currency, style and amount; cleared when full, which a store's few prices rarely make it. */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 2_000;

function formatParts(safe: number, currency: CurrencySettings, allDecimals: boolean): string {
  const hasFraction = Math.round(safe * scale(currency.decimalPlaces)) % scale(currency.decimalPlaces) !== 0;
  const parts = formatter(currency, hasFraction || allDecimals ? currency.decimalPlaces : 0).formatToParts(safe);
  if (currency.symbolPlacement === "before") return parts.map((p) => p.value).join("");
  const symbol = parts.find((p) => p.type === "currency")?.value ?? currency.currencyCode;
  const number = parts
    .filter((p) => p.type !== "currency" && p.type !== "literal")
    .map((p) => p.value)
    .join("");
  return `${number} ${symbol}`;
}
