import { translatorOf } from "../../commerce/i18n/translators";
import type { StoreTarget } from "../../commerce/order-actions";
import type { StoreActor } from "../../commerce/store-actor";
import type { CartScope } from "../cart/cart-store";
import type { Env } from "../env";
import { requireScope } from "../http/require-scope";
import {
  type CancellableOrder,
  type CancelOutcome,
  cancelOrder,
  type OrderAnswer,
  orderAnswerFrom,
  orderAnswerSteps,
  type Placed,
  type PlaceOrderRequest,
  placeOrder,
  transitionByStore,
} from "../orders";
import type { Store } from "../tenancy/tenant";
import { type EffectsContext, orderTransitioned, transitionReadSteps, transitionReadsFrom } from "./order-events";

/**
 * The transitions a request makes (a customer placing or cancelling, the store taking an order on), each with what it
 * causes: the handlers call these and never `orderTransitioned` themselves, so no path can write a transition and
 * forget its effects. The payment paths (apply-payment.ts) and the cron (reconcile.ts) beside this file do the same for
 * theirs.
 */

/**
 * Places the order (orders/place-order.ts); a new one (not a replay of the same key) is announced as placed. Its
 * answer, and the row its effects need, are read in the batch that places it; a replay's answer is the caller's to read.
 */
export async function placeCustomerOrder(
  env: Env,
  store: Store,
  scope: CartScope,
  customerId: number,
  key: string,
  request: PlaceOrderRequest,
  online: boolean,
  effectsContext: EffectsContext,
): Promise<{ placed: Placed; answer: OrderAnswer | null }> {
  // The answer and what the transition's effects start from are read in the batch that places the order.
  const reads = (publicId: string) => ({
    answer: orderAnswerSteps(env.DB, store.id, publicId, scope.owner),
    effects: transitionReadSteps(env.DB, store.id, { publicId }, "placed"),
  });
  const placed = await placeOrder(env.DB, store, scope, customerId, key, request, online, reads);
  // The answer goes to the caller who placed it, in their language.
  const read = placed.reads ? orderAnswerFrom(placed.reads.answer, store, translatorOf(effectsContext.language)) : null;
  if (read && placed.reads && !placed.replayed) {
    await orderTransitioned(env, store, read.row.id, "placed", effectsContext, transitionReadsFrom(placed.reads.effects));
  }
  return { placed, answer: read?.answer ?? null };
}

/** The customer cancels their order within its window; a paid one is refunded. */
export async function cancelForCustomer(
  env: Env,
  store: Store,
  order: CancellableOrder,
  reason: string,
  effectsContext: EffectsContext,
): Promise<CancelOutcome> {
  const outcome = await cancelOrder(env.DB, store.id, order, { actor: "customer", reason });
  if (outcome.ok) await orderTransitioned(env, store, order.id, "cancelled", effectsContext);
  return outcome;
}

/**
 * The store takes an order on, or cancels it (a paid one is refunded at once): by its API key or a staff member at the
 * desk, who must hold the orders scope (decision 083), and whom the order's history names.
 */
export async function transitionForStore(
  env: Env,
  store: Store,
  order: CancellableOrder,
  to: StoreTarget,
  reason: string,
  by: StoreActor,
  effectsContext: EffectsContext,
): Promise<CancelOutcome> {
  requireScope(by, "orders");
  const outcome = await transitionByStore(env.DB, store.id, order, to, reason, by);
  if (outcome.ok) await orderTransitioned(env, store, order.id, to, effectsContext);
  return outcome;
}
