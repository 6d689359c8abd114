import { Hono } from "hono";
import { translatorOf } from "../../commerce/i18n/translators";
import { ORDER_STATUSES } from "../../commerce/order-status";
import { storeTransitionBody } from "../../commerce/store-transition-input";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { ApiError, callerLanguage, orderNotFound } from "../http/errors";
import { transitionForStore } from "../order-life";
import { findOrder, listStoreOrders, loadStoreOrder } from "../orders";
import { goLiveReport } from "../setup/go-live-checks";
import { adminImagesApi } from "./admin-images";
import { adminStockApi } from "./admin-stock";
import { effectsContextOf } from "./background";
import { orderId } from "./orders";
import { originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { storeActorOf } from "./store-actor-of";
import { validate } from "./validate";

/**
 * The store owner's API (decision 026): the store's orders, and transitioning one. Authenticated by the store's API
 * key, never by a shopper's session, before anything else (worker/http/owner-scopes.ts says which key may make which
 * call); an order of another store is not found.
 */
export const adminApi = new Hono<AppEnv>()
  .get("/go-live", async (c) => c.json(await goLiveReport(c.env, c.var.tenant), 200, PRIVATE_ANSWER))
  .get("/orders", validate("query", z.object({ status: z.optional(z.enum(ORDER_STATUSES)), ...pagingQuery })), async (c) => {
    const query = c.req.valid("query");
    const t = translatorOf(callerLanguage(c));
    return c.json(await listStoreOrders(c.env.DB, c.var.tenant, query.status, toPaging(query), t), 200, PRIVATE_ANSWER);
  })
  .get("/orders/:order_id", validate("param", z.object({ order_id: orderId })), async (c) => {
    const t = translatorOf(callerLanguage(c));
    const order = (await loadStoreOrder(c.env.DB, c.var.tenant, c.req.valid("param").order_id, t)) ?? orderNotFound();
    return c.json(order, 200, PRIVATE_ANSWER);
  })
  .post(
    "/orders/:order_id/status",
    validate("param", z.object({ order_id: orderId })),
    validate("json", storeTransitionBody),
    async (c) => {
      const tenantId = c.var.tenant.id;
      const { status, reason } = c.req.valid("json");
      const order = (await findOrder(c.env.DB, tenantId, c.req.valid("param").order_id, null)) ?? orderNotFound();
      const outcome = await transitionForStore(
        c.env,
        c.var.tenant,
        order,
        status,
        reason,
        storeActorOf(c),
        effectsContextOf(originContextOf(c)),
      );
      if (!outcome.ok) throw new ApiError(409, "invalid_transition", outcome.message);
      const answer = await loadStoreOrder(c.env.DB, c.var.tenant, order.public_id, translatorOf(callerLanguage(c)));
      return c.json(answer ?? orderNotFound(), 200, PRIVATE_ANSWER);
    },
  )
  .route("/images", adminImagesApi)
  .route("/stock", adminStockApi);
