import type { InterfaceLanguage } from "../../commerce/languages";
import { type HostMarker, refreshStockMarkers, stockMarkersStep } from "../catalog/stock-moves";
import type { Ran } from "../db/batch";
import type { OrderKey } from "../db/order-key";
import type { Env } from "../env";
import { type MessageOrder, messageOrderFrom, messageOrderStep, type OrderMessageKind, sendOrderMessage } from "../messages/order-messages";
import { type LiveEventRow, latestEventFrom, latestEventStep, publishOrderTransition } from "../orders";
import { issueRefund } from "../payments";
import { rewardReferral } from "../referrals/referrals";
import { issueScratchCard } from "../scratch-cards/issue-card";
import type { Store } from "../tenancy/tenant";
import { creditOrderReward } from "../wallet";

/**
 * What an order's transition causes, in one place. Every path that transitions an order calls `orderTransitioned` once
 * it is written: checkout (placed), the payment paths (paid: checkout handler, redirect callback, webhook, reconcile
 * job), the customer's and the store's cancel (cancelled), the store's delivery (delivered); the paths that start from
 * a request do it through `order-actions.ts`. The store's other steps (confirmed, packed, out for delivery), a refund
 * done and an expiry come here too. Each transition is published to the store's live object first (decision 051), so
 * open pages hear of it at once; a publish that fails is logged and never fails the transition. Each step keyed by the
 * order does its work once, so a retried request may call it again. The publish goes out as the effects start, not
 * after them.
 */
export type OrderEvent = OrderMessageKind | "confirmed" | "packed" | "out_for_delivery" | "refunded" | "expired";

const MESSAGE_KINDS: readonly string[] = ["placed", "paid", "cancelled", "delivered"] satisfies OrderMessageKind[];

/** The transitions the customer is sent a message about. */
function isMessageKind(event: OrderEvent): event is OrderMessageKind {
  return MESSAGE_KINDS.includes(event);
}

/** What the effects of a transition start from, read in the batch that wrote it (`transitionReadSteps`). */
export interface TransitionReads {
  event: LiveEventRow | null;
  markers?: HostMarker[];
  message?: MessageOrder | null;
}

/**
 * What a transition's effects run with: the store's address for its messages' links, and a way to run work after the
 * answer. A request's comes from its origin context (`effectsContextOf`); the cron's from `effectsAwaited`.
 */
export interface EffectsContext {
  /** The store's address, for the links its messages carry. */
  origin: string;
  /** The language of the request that caused the transition, its messages' (the store's own for the cron's). */
  language: InterfaceLanguage;
  /**
   * Starts work the answer need not wait for (the customer's message: a relay's round trip, or the outbox's): after a
   * request's answer (worker/after-answer.ts), so placing or paying answers as soon as the order is written.
   */
  later(work: () => Promise<unknown>): void;
}

/** An effects context with no answer to hurry (the cron): its later work is awaited before `run` ends. */
export async function effectsAwaited<T>(
  origin: string,
  language: InterfaceLanguage,
  run: (effectsContext: EffectsContext) => Promise<T>,
): Promise<T> {
  const pending: Promise<unknown>[] = [];
  try {
    return await run({ origin, language, later: (work) => void pending.push(work()) });
  } finally {
    await Promise.allSettled(pending);
  }
}

const changesStock = (event: OrderEvent) => event === "placed" || event === "cancelled";

/**
 * The reads `event`'s effects start from, for the batch that transitions the order (after its writes), so the effects
 * wait on no read of their own; turn the results into `TransitionReads` with `transitionReadsFrom`.
 */
export function transitionReadSteps(db: D1Database, tenantId: number, order: OrderKey, event: OrderEvent) {
  return {
    event: latestEventStep(db, tenantId, order),
    markers: changesStock(event) ? stockMarkersStep(db, tenantId, order) : undefined,
    message: isMessageKind(event) ? messageOrderStep(db, tenantId, order) : undefined,
  };
}

export type TransitionReadSteps = ReturnType<typeof transitionReadSteps>;

export function transitionReadsFrom(ran: Ran<TransitionReadSteps>): TransitionReads {
  return {
    event: latestEventFrom(ran.event),
    markers: ran.markers?.results,
    message: ran.message === undefined ? undefined : messageOrderFrom(ran.message),
  };
}

/**
 * What a transition's effects take: the order (its row id), the `event`, the effects context they run with, and
 * `read`, what they start from when the transition's batch read it.
 */
type Transitioned = [env: Env, store: Store, orderId: number, event: OrderEvent, effectsContext: EffectsContext, read?: TransitionReads];

/**
 * The effects of `event` on the order. The customer's message is sent after the answer (`effectsContext.later`);
 * everything else before it.
 */
export async function orderTransitioned(...transitioned: Transitioned): Promise<void> {
  const [env, store, orderId, , , read] = transitioned;
  // The publish and the stock markers need nothing of each other: they go side by side, so the request waits on the
  // longer of them, not on their sum (issue 27).
  await Promise.all([publishOrderTransition(env, store.id, orderId, read?.event), causeEffects(...transitioned)]);
}

async function causeEffects(...[env, store, orderId, event, effectsContext, read]: Transitioned): Promise<void> {
  // A paid order's money goes back through the gateway now (only an order whose payment is refund_pending has any);
  // the cron retries a refund that fails here.
  if (event === "cancelled" && (await issueRefund(env, store, orderId)) === "refunded") {
    await orderTransitioned(env, store, orderId, "refunded", effectsContext);
  }
  if (event === "delivered") await onDelivered(env, store, orderId);
  // The message is the customer's news, not part of the transition: a shopper placing or paying does not wait on its
  // delivery (decision 058). A failure is logged, as `deliver` logs a transport's.
  if (isMessageKind(event)) {
    effectsContext.later(() =>
      sendOrderMessage(env, store.id, orderId, event, effectsContext, read?.message).catch((error: unknown) =>
        console.error("order message not sent", event, error),
      ),
    );
  }
  // Placing takes stock and cancelling gives it back: listings whose level changed are read again (decision 053).
  if (changesStock(event)) await refreshStockMarkers(env, store.id, orderId, read?.markers);
}

/** What a delivery earns: the order's reward, a scratch card, and the referral rewards of a first delivered order. */
export async function onDelivered(env: Env, store: Store, orderId: number): Promise<void> {
  await creditOrderReward(env, store, orderId);
  await issueScratchCard(env.DB, store, orderId);
  await rewardReferral(env.DB, store, orderId);
}
