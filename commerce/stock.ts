import { type Message, message } from "./i18n/message";
/**
 * Stock as shoppers see it (decision 053): a product a branch counts is in stock, only a few left, or out of stock
 * there; one the branch does not count (no figure) shows nothing and sells without limit, as before.
 */

import type { MessageId } from "./i18n/compiled/message-ids";

export type StockLevel = "in_stock" | "low_stock" | "out_of_stock";

/** Units left at or below which a product is "only a few left": the store's `lowStockThreshold` setting, else this. */
export const LOW_STOCK_DEFAULT = 5;

/** What the card, the product page and its options drawer say for each level, as message ids. */
export const STOCK_TEXT = {
  in_stock: "common.stock_in",
  low_stock: "common.stock_low",
  out_of_stock: "common.stock_out",
} as const satisfies Readonly<Record<StockLevel, MessageId>>;

/** schema.org's availability for each level, so the page's structured data says what the page says. */
export const STOCK_SCHEMA_ORG: Readonly<Record<StockLevel, string>> = {
  in_stock: "https://schema.org/InStock",
  low_stock: "https://schema.org/LimitedAvailability",
  out_of_stock: "https://schema.org/OutOfStock",
};

/** The store's threshold from its setting as stored (a string of digits, checked by the importer). */
export function lowStockThreshold(raw: string | null | undefined): number {
  return raw !== null && raw !== undefined && /^\d{1,5}$/.test(raw) ? Number(raw) : LOW_STOCK_DEFAULT;
}

/** The most units a figure may say: the owner API's and the desk's limit alike. */
export const MAX_STOCK_UNITS = 1_000_000;

/** Units as an owner types them into a form: a whole number from 0 to MAX_STOCK_UNITS (spaces around allowed), or null. */
export function typedUnits(text: string): number | null {
  const units = text.trim();
  return /^\d{1,7}$/.test(units) && Number(units) <= MAX_STOCK_UNITS ? Number(units) : null;
}

/** The level of `left` units (null: untracked, no level). */
export function stockLevel(left: number | null, threshold: number): StockLevel | null {
  if (left === null) return null;
  if (left <= 0) return "out_of_stock";
  return left <= threshold ? "low_stock" : "in_stock";
}

/**
 * Why `wanted` units cannot be had when `left` are (null: they can). Given `name`, the message stands alone and says
 * what to do (an order refused at checkout, naming its item); without it, it is about "this item" (the add beside it),
 * saying how many of them the cart already holds (`inCart`).
 */
export function stockShortfall(left: number | null, wanted: number, about: { name?: string; inCart?: number } = {}): Message | null {
  if (left === null || wanted <= left) return null;
  const { name, inCart = 0 } = about;
  if (left <= 0) return name !== undefined ? message("errors.stock_out_named", { name }) : message("errors.stock_out");
  if (name !== undefined) return message("errors.stock_only_named", { left, name });
  return inCart > 0 ? message("errors.stock_only_in_cart", { left, in_cart: inCart }) : message("errors.stock_only", { left });
}
