import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * For routes showing the catalogue or the store's content: nothing a shopper submits (adding to the
 * cart, signing in) changes them, so a form submission does not reload them; navigations still do.
 */
export const catalogueShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? false : defaultShouldRevalidate;
