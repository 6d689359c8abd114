/**
 * The two ways a page's answer may be kept (decision 016), shared by the page routes that declare them and the Worker
 * that enforces them.
 */

/**
 * The catalogue (home, categories, products, search, content pages): the same for every anonymous shopper of a store
 * and branch, but each answer carries its own CSP nonce and the shopper's cart badge, so no shared cache may keep
 * one. The browser may keep it for back and forward, and asks again otherwise. The Worker keeps the anonymous
 * visitor's copy itself (worker/page-cache/, decision 035).
 */
export const CATALOGUE_CACHE_CONTROL = "private, no-cache";

/** Pages and API answers that show one shopper's own things (cart, offers for their cart, account): kept nowhere. */
export const SHOPPER_CACHE_CONTROL = "private, no-store";
