import type { Context } from "hono";
import { say } from "../../commerce/i18n/message";
import { PUBLIC_ID } from "../../commerce/ids";
import type { InterfaceLanguage } from "../../commerce/languages";
import { reasonToCancel, storeTransitionFields } from "../../commerce/store-transition-input";
import * as z from "../../commerce/zod";
import { afterAnswer, backgroundOf } from "../after-answer";
import type { AppEnv } from "../app-env";
import { type EffectsContext, transitionForStore } from "../order-life";
import { findOrder } from "../orders";
import { storeSite } from "../tenancy/tenant-origin";
import { readDeskForm } from "./desk-form";
import { actorOf, staffOf } from "./desk-identity";
import { deskViewOf } from "./desk-view";
import { orderNotOnDesk, orderRefusal } from "./order-page";
import { boardResponse } from "./orders-board";

/** The move form (order-moves.tsx): the owner API's body and rules, and the page it was sent from. */
const moveForm = z.object({ ...storeTransitionFields, from: z._default(z.enum(["board", "order"]), "board") }).check(reasonToCancel);

/** What a desk move causes runs as an API call's does: the customer's message after the answer, in the desk's language. */
function deskEffects(c: Context<AppEnv>, language: InterfaceLanguage): EffectsContext {
  return { origin: storeSite(c.req.url).origin, language, later: (work) => afterAnswer(backgroundOf(c), work) };
}

/**
 * POST /admin/orders/{id}/status: the signed-in member moves the order through the same domain function as the owner
 * API (`transitionForStore`, which checks their role and records them in the order's history), then goes back to the
 * page the form was on (303) to read what was done. A form the rules refuse shows the order's page with why (422); a
 * move the order can no longer make (someone was quicker) shows the page it came from, with why (409).
 */
export async function moveOrder(c: Context<AppEnv>): Promise<Response> {
  const view = deskViewOf(c);
  const id = c.req.param("id") ?? "";
  const order = PUBLIC_ID.test(id) ? await findOrder(c.env.DB, c.var.tenant.id, id, null) : null;
  if (!order) return orderNotOnDesk(c);
  const form = await readDeskForm(c, view, moveForm);
  if (!form.ok) return orderRefusal(c, id, { message: form.message, field: form.fields.reason ? "reason" : undefined }, 422);
  const { status, reason, from } = form.data;
  const outcome = await transitionForStore(c.env, c.var.tenant, order, status, reason, actorOf(staffOf(c)), deskEffects(c, view.language));
  if (!outcome.ok) {
    const problem = say(view.t, outcome.message);
    return from === "board" ? boardResponse(c, { problem }, 409) : orderRefusal(c, id, { message: problem }, 409);
  }
  return c.redirect(from === "board" ? `/admin/orders?moved=${id}#done` : `/admin/orders/${id}?moved=1#done`, 303);
}
