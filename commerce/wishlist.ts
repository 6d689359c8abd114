import { message } from "./i18n/message";
/** Wishlist rules shared by the API and the pages (docs/decisions/027-wishlist.md). */

/**
 * At most this many products per customer and store. Every page a customer opens carries their wishlisted ids (so
 * hearts can be filled without putting anything per-shopper into cached catalogue answers); this keeps that small.
 */
export const MAX_WISHLIST = 200;

export const WISHLIST_FULL = message("errors.wishlist_full", { max: MAX_WISHLIST });

/** What a call asks: `wishlisted: true` adds, `false` removes (both idempotent), nothing toggles. */
export type WishlistChange = "add" | "remove" | "toggle";

export function wishlistChange(wishlisted: boolean | undefined): WishlistChange {
  return wishlisted === undefined ? "toggle" : wishlisted ? "add" : "remove";
}

/** What the store found after applying a change in one transaction. */
export interface WishlistFacts {
  /** The change removed the customer's row. */
  removed: boolean;
  /** The row is there now. */
  wishlisted: boolean;
  /** The product is in this store's catalogue. */
  productFound: boolean;
  /** How many products the customer's wishlist holds now. */
  count: number;
}

export type WishlistOutcome = { wishlisted: boolean } | "not_found" | "full";

/**
 * The answer to a change. A product the store no longer has can still be removed (it stays listed as unavailable
 * until then); otherwise a product that is not in this store is not found, whatever was asked.
 */
export function wishlistOutcome(change: WishlistChange, facts: WishlistFacts): WishlistOutcome {
  if (facts.wishlisted) return { wishlisted: true };
  if (facts.removed) return { wishlisted: false };
  if (!facts.productFound) return "not_found";
  if (change !== "remove" && facts.count >= MAX_WISHLIST) return "full";
  return { wishlisted: false };
}
