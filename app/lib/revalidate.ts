import type { ShouldRevalidateFunction } from "@remix-run/react";
import { LOCATION_PATH } from "./location";

/**
 * For routes showing the catalogue or the store's content: nothing a shopper submits (adding to the cart, signing in)
 * changes them, so a form submission does not reload them, unless it chose another branch (the /location action:
 * another menu, prices and availability); navigations still do.
 */
export const catalogueShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate && formAction === LOCATION_PATH : defaultShouldRevalidate;
