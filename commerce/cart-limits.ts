/** How much one cart may hold: the store's rule, checked by the API and named in the pages' messages. */

export const MAX_LINE_QUANTITY = 99;
/** Keeps one cart's answer and its pricing bounded; a bot cannot grow a cart without limit. */
export const MAX_CART_LINES = 100;

export const QUANTITY_MESSAGE = `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`;
