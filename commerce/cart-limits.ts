import { issueId } from "./i18n/message";
/** How much one cart may hold: the store's rule, checked by the API and named in the pages' messages. */

export const MAX_LINE_QUANTITY = 99;
/** Keeps one cart's answer and its pricing bounded; a bot cannot grow a cart without limit. */
export const MAX_CART_LINES = 100;

/** Names MAX_LINE_QUANTITY in its text (a form's check carries an id without values: commerce/i18n/message.ts `issueId`). */
export const QUANTITY_MESSAGE = issueId("errors.quantity_range");
