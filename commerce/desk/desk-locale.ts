/**
 * How the desk's charts and tables say things: the page's messages, its direction, and its numbers, hours and dates
 * with Intl in the page's language. Money is said as the storefront says it, in the store's own currency format
 * (commerce/money.ts), so an owner reads the same amount on the desk as on a receipt.
 */

import { memoisedFormat } from "../date-format";
import type { Translate } from "../i18n/catalogue";
import { type CurrencySettings, formatPrice, toMajor } from "../money";
import type { Metric } from "../page-speed";
import { type TextDirection, textDirection } from "../text-direction";

export interface DeskLocale {
  t: Translate;
  dir: TextDirection;
  /** A count (orders, units, visits). */
  count(n: number): string;
  /** An amount in the store's minor units. */
  money(minor: number): string;
  /** An amount in major units (an axis tick). */
  major(amount: number): string;
  /** A share from 0 to 1. */
  percent(share: number): string;
  /** An hour of the day (0–23): "1 PM", "13 Uhr". */
  hour(hour: number): string;
  /** The hour from its start to the next: "1 – 2 PM". */
  hourSpan(hour: number): string;
  /** A date written `2026-12-05`, in full. */
  date(isoDate: string): string;
  /** A metric's value: seconds for LCP, milliseconds for INP, a score for CLS. */
  metricValue(metric: Metric, value: number): string;
  /** Major units of the store's currency, for axes of amounts. */
  toMajor(minor: number): number;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number format made once per isolate for each language and style: making one costs far more than using it. */
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

// A fixed day at UTC: only the hour's words are wanted, the same whatever the store's zone.
const atHour = (hour: number) => Date.UTC(2000, 0, 1, hour);

export function deskLocale(t: Translate, language: string, currency: CurrencySettings): DeskLocale {
  const hours = memoisedFormat(`desk-hour|${language}`, () => new Intl.DateTimeFormat(language, { hour: "numeric", timeZone: "UTC" }));
  const dates = memoisedFormat(`desk-date|${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }));
  return {
    t,
    dir: textDirection(language),
    count: (n) => numberFormat(language, {}).format(n),
    money: (minor) => formatPrice(toMajor(minor, currency.decimalPlaces), currency),
    major: (amount) => formatPrice(amount, currency),
    percent: (share) => numberFormat(language, { style: "percent" }).format(share),
    hour: (hour) => hours.format(atHour(hour)),
    hourSpan: (hour) => hours.formatRange(atHour(hour), atHour(hour + 1)),
    date: (isoDate) => dates.format(Date.parse(`${isoDate}T00:00:00Z`)),
    metricValue: (metric, value) => {
      if (metric === "cls") return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
      const seconds = metric === "lcp";
      const unit = {
        style: "unit",
        unit: seconds ? "second" : "millisecond",
        unitDisplay: "short",
        maximumFractionDigits: seconds ? 1 : 0,
      } as const;
      return numberFormat(language, unit).format(seconds ? value / 1000 : value);
    },
    toMajor: (minor) => toMajor(minor, currency.decimalPlaces),
  };
}
