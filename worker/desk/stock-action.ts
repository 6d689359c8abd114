import type { Context } from "hono";
import { issueId, say } from "../../commerce/i18n/message";
import { typedUnits } from "../../commerce/stock";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { refreshStockMarkers } from "../catalog/stock-moves";
import { setStock } from "../stock-admin/set-stock";
import { readDeskForm } from "./desk-form";
import { actorOf, staffOf } from "./desk-identity";
import { deskMessage } from "./desk-message";
import { deskViewOf } from "./desk-view";
import { stockAddress, stockPage, stockPlaceOf } from "./stock-page";

const stockForm = z.object({
  product_id: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, issueId("errors.form_unreadable"))), z.transform(Number)),
  /** Which button: the units typed, out of stock (0), or not counted any more. */
  set: z.enum(["units", "out", "uncounted"], issueId("errors.form_unreadable")),
  quantity: z.optional(z.string().check(z.maxLength(40))),
});

/**
 * POST /admin/stock?branch=…: one product's figure at the branch its address names, through the owner API's own
 * function (`setStock`, which checks the member's role and that both are the store's), then back to the page the form
 * was on (POST → 303 → GET). Units that are not a number of units show the page again with the message beside that
 * product.
 */
export async function setStockAtDesk(c: Context<AppEnv>): Promise<Response> {
  const view = deskViewOf(c);
  const form = await readDeskForm(c, view, stockForm);
  if (!form.ok) return deskMessage(c, 422, "stock.title", () => form.message);
  const { product_id, set } = form.data;
  const place = stockPlaceOf(c.req.query());
  // A form's address always names its branch; one without is for no branch of the store's.
  const branch_id = place.branchId ?? 0;
  const quantity = set === "out" ? 0 : set === "uncounted" ? null : typedUnits(form.data.quantity ?? "");
  if (quantity === null && set === "units")
    return stockPage(c, place, { productId: product_id, message: view.t("stock.units_invalid") }, 422);
  const answer = await setStock(c.env.DB, c.var.tenant, [{ product_id, branch_id, quantity }], actorOf(staffOf(c)));
  if (!answer.ok) return deskMessage(c, 404, "stock.title", (t) => say(t, answer.message));
  await refreshStockMarkers(c.env, c.var.tenant.id, null);
  return c.redirect(stockAddress(place, { saved: "1" }), 303);
}
