import type { MessageId } from "./i18n/compiled/message-ids";

/**
 * Refusals a shopper reads, shared by the API (which answers them) and the pages (which show them, or show their own
 * when the API is out of reach): message ids (locales/<language>/errors.json holds the spec's texts exactly), each
 * put into words in the reader's language (`t(TOO_MANY_REQUESTS)`, or `message(TOO_MANY_REQUESTS)` for a refusal).
 */

/** Spec section 8: a throttled call. */
export const TOO_MANY_REQUESTS = "errors.too_many_requests" satisfies MessageId;

/** Spec section 8: a cart line that could not be removed. */
export const REMOVE_FAILED = "errors.remove_failed" satisfies MessageId;

/** A form post whose body is larger than the page accepts. */
export const FORM_TOO_LARGE = "errors.form_too_large" satisfies MessageId;

/** A form post the page cannot read: no body, or not a form. */
export const FORM_UNREADABLE = "errors.form_unreadable" satisfies MessageId;

/** A cart change, checkout or order while the store's switch (globalStoreEnable) is off. */
export const STORE_CLOSED = "errors.store_closed" satisfies MessageId;

/** Spec section 8: the shopper's cart could not be read (the cart page and the nav badge say so). */
export const CART_FETCH_ERROR = "errors.cart_fetch_error" satisfies MessageId;
