/**
 * Texts a shopper reads, shared by the API (which answers them) and the pages (which show them, or show their own
 * when the API is out of reach). The spec's texts are quoted exactly.
 */

/** Spec section 8: a throttled call. */
export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** Spec section 8: a cart line that could not be removed. */
export const REMOVE_FAILED = "Error remove item from cart";

/** A form post whose body is larger than the page accepts. */
export const FORM_TOO_LARGE = "This form is too large to send. Please shorten what you entered and try again.";

/** A form post the page cannot read: no body, or not a form. */
export const FORM_UNREADABLE = "This form could not be read. Please go back to the page and send it again.";

/** A cart change, checkout or order while the store's switch (globalStoreEnable) is off. */
export const STORE_CLOSED = "This store is closed just now and is not taking orders. Orders already placed can still be paid and tracked.";

/** Spec section 8: the shopper's cart could not be read (the cart page and the nav badge say so). */
export const CART_FETCH_ERROR = "Cart Fetch Error";
