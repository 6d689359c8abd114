import { type Message, message } from "../i18n/message";
/**
 * Automatic discounts and the coupon. Candidates run in priority order (lower first; ties: automatic before the
 * coupon, then by id). Each is tested against the cart as the discounts before it left it — its minimum order
 * against the running subtotal — so a discount that an earlier one pushed below its minimum does not apply.
 * A percent amount is round-half-up(base × bp / 10000), capped by maxDiscount and by the base; a fixed amount is
 * capped by the base. The base is the running net of the lines in scope, and the amount is spread over those lines
 * by largest remainder (arithmetic.ts), so the parts sum exactly and no line goes below zero.
 * Free-delivery rules are only tested here; their amount is settled after the delivery charge.
 */

import { mulDivRound, spread, sum } from "./arithmetic";
import type { AppliedCoupon, CustomerFacts, DiscountRule, FormatAmount, Fulfillment, PricingLine } from "./types";

export type Refusal =
  | { reason: "invalid" | "not_started" | "expired" | "usage_limit" | "customer_limit" | "first_order" | "out_of_scope" | "delivery_only" }
  | { reason: "min_order"; minimum: number; shortfall: number };

export type Check = { ok: true; base: number; scope: PricingLine[] } | ({ ok: false } & Refusal);

export interface DiscountContext {
  lines: PricingLine[];
  /** Running net per line id, lowered by each applied discount. */
  net: Map<number, number>;
  customer: CustomerFacts | null;
  now: number;
  fulfillment: Fulfillment;
}

function inScope(rule: DiscountRule, line: PricingLine): boolean {
  if (rule.productIds.length === 0 && rule.categoryIds.length === 0) return true;
  return rule.productIds.includes(line.productId) || (line.categoryId !== null && rule.categoryIds.includes(line.categoryId));
}

/** Every rule, checked in this order so a "minimum order" refusal means nothing else stands in the way. */
export function checkRule(rule: DiscountRule, ctx: DiscountContext): Check {
  if (rule.startsAt !== null && ctx.now < rule.startsAt) return { ok: false, reason: "not_started" };
  if (rule.endsAt !== null && ctx.now > rule.endsAt) return { ok: false, reason: "expired" };
  if (rule.usageLimit !== null && rule.used >= rule.usageLimit) return { ok: false, reason: "usage_limit" };
  if (rule.perCustomerLimit !== null && rule.customerUses >= rule.perCustomerLimit) return { ok: false, reason: "customer_limit" };
  if (rule.firstOrderOnly && ctx.customer !== null && ctx.customer.orderCount > 0) return { ok: false, reason: "first_order" };
  if (rule.kind === "free_delivery" && ctx.fulfillment !== "delivery") return { ok: false, reason: "delivery_only" };
  const scope = ctx.lines.filter((line) => inScope(rule, line));
  const base = sum(scope.map((line) => ctx.net.get(line.id)!));
  if (rule.kind !== "free_delivery" && base <= 0) return { ok: false, reason: "out_of_scope" };
  const running = sum([...ctx.net.values()]);
  if (rule.minSubtotal !== null && running < rule.minSubtotal) {
    return { ok: false, reason: "min_order", minimum: rule.minSubtotal, shortfall: rule.minSubtotal - running };
  }
  return { ok: true, base, scope };
}

/** The amount of a percent or fixed discount on `base`: never more than the cap or the base. */
export function discountAmount(rule: DiscountRule, base: number): number {
  const raw = rule.kind === "percent" ? mulDivRound(base, rule.value, 10_000) : rule.kind === "fixed" ? rule.value : 0;
  return Math.min(raw, rule.maxDiscount ?? raw, base);
}

export interface DiscountStage {
  /** Order discount per line id. */
  lineDiscounts: Map<number, number>;
  applied: { rule: DiscountRule; amount: number }[];
  /** Free-delivery rules that passed their checks, in application order. */
  freeDelivery: DiscountRule[];
  /** The coupon's own outcome, or null when no coupon is on the cart. */
  coupon: { rule: DiscountRule | null; code: string; check: Check; amount: number } | null;
  /** Rules refused only for their minimum order, for the nudge. */
  nearMisses: { rule: DiscountRule; shortfall: number }[];
  /** Every candidate's check and amount (0 when refused or free delivery), by rule id. */
  outcomes: Map<number, { check: Check; amount: number }>;
}

export function applyDiscounts(
  automatic: readonly DiscountRule[],
  coupon: AppliedCoupon | null,
  ctx: Omit<DiscountContext, "net">,
): DiscountStage {
  const net = new Map(ctx.lines.map((line) => [line.id, line.unitPrice * line.quantity]));
  const context: DiscountContext = { ...ctx, net };
  const lineDiscounts = new Map(ctx.lines.map((line) => [line.id, 0]));
  const candidates = automatic.map((rule) => ({ rule, isCoupon: false }));
  if (coupon?.rule) candidates.push({ rule: coupon.rule, isCoupon: true });
  candidates.sort((a, b) => a.rule.priority - b.rule.priority || Number(a.isCoupon) - Number(b.isCoupon) || a.rule.id - b.rule.id);

  const stage: DiscountStage = {
    lineDiscounts,
    applied: [],
    freeDelivery: [],
    coupon: coupon && !coupon.rule ? { rule: null, code: coupon.code, check: { ok: false, reason: "invalid" }, amount: 0 } : null,
    nearMisses: [],
    outcomes: new Map(),
  };
  for (const { rule, isCoupon } of candidates) {
    const check = checkRule(rule, context);
    let amount = 0;
    if (check.ok && rule.kind === "free_delivery") {
      stage.freeDelivery.push(rule);
    } else if (check.ok) {
      amount = discountAmount(rule, check.base);
      const shares = spread(
        amount,
        check.scope.map((line) => ({ id: line.id, weight: net.get(line.id)! })),
      );
      for (const [id, share] of shares) {
        net.set(id, net.get(id)! - share);
        lineDiscounts.set(id, lineDiscounts.get(id)! + share);
      }
      stage.applied.push({ rule, amount });
    } else if (check.reason === "min_order") {
      stage.nearMisses.push({ rule, shortfall: check.shortfall });
    }
    if (isCoupon) stage.coupon = { rule, code: coupon!.code, check, amount };
    stage.outcomes.set(rule.id, { check, amount });
  }
  return stage;
}

/** Why a coupon did not apply, in the shopper's words. */
export function refusalMessage(code: string, refusal: Refusal, format: FormatAmount): Message {
  switch (refusal.reason) {
    case "invalid":
      return message("pricing.coupon_not_valid", { code });
    case "not_started":
      return message("pricing.coupon_not_started", { code });
    case "expired":
      return message("pricing.coupon_expired", { code });
    case "usage_limit":
      return message("pricing.coupon_usage_limit", { code });
    case "customer_limit":
      return message("pricing.coupon_customer_limit", { code });
    case "first_order":
      return message("pricing.coupon_first_order", { code });
    case "delivery_only":
      return message("pricing.coupon_delivery_only", { code });
    case "out_of_scope":
      return message("pricing.coupon_out_of_scope", { code });
    case "min_order":
      return message("pricing.coupon_min_order", { code, minimum: format(refusal.minimum), shortfall: format(refusal.shortfall) });
  }
}

/** The minimum-order nudge, as the cart's discount_eligibility_message words it. */
export function nudgeMessage(label: string, shortfall: number, format: FormatAmount): Message {
  return message("pricing.discount_nudge", { amount: format(shortfall), label });
}

/** Why an offer does not apply now: an engine refusal, or an empty cart (nothing to discount yet). */
export type OfferRefusal = Refusal | { reason: "empty_cart" };

export interface OfferEvaluation {
  rule: DiscountRule;
  /** Whether the offer takes effect on this cart now (a coupon: if it were the cart's coupon). */
  applies: boolean;
  /** Order discount it gives now (0 for free delivery or when it does not apply). */
  amount: number;
  /** How much more the running subtotal needs for the rule's minimum order; 0 when none is needed. */
  shortfall: number;
  refusal: OfferRefusal | null;
}

function evaluation(rule: DiscountRule, outcome: { check: Check; amount: number } | undefined, empty: boolean): OfferEvaluation {
  const check: Check = outcome?.check ?? { ok: false, reason: "invalid" };
  if (check.ok && !empty) return { rule, applies: true, amount: outcome!.amount, shortfall: 0, refusal: null };
  const refusal: OfferRefusal = check.ok || (empty && check.reason === "out_of_scope") ? { reason: "empty_cart" } : check;
  const shortfall = refusal.reason === "min_order" ? refusal.shortfall : refusal.reason === "empty_cart" ? (rule.minSubtotal ?? 0) : 0;
  return { rule, applies: false, amount: 0, shortfall, refusal };
}

/**
 * Evaluates offers with the engine's own discount stage (applyDiscounts), so an offer applies here exactly when the
 * cart's pricing would apply it. Automatic discounts are evaluated once, with the cart's current coupon; each coupon
 * is evaluated as if it were the cart's coupon (a cart holds one), after the automatic discounts as priced. An empty
 * cart applies nothing: a refusal that is only about the missing items becomes `empty_cart` (its shortfall is the
 * whole minimum order), while other refusals (expired, limits, first order) keep their reason.
 */
export function evaluateOffers(
  automatic: readonly DiscountRule[],
  coupons: readonly DiscountRule[],
  current: AppliedCoupon | null,
  ctx: Omit<DiscountContext, "net">,
): { automatic: OfferEvaluation[]; coupons: OfferEvaluation[] } {
  const empty = ctx.lines.length === 0;
  const stage = applyDiscounts(automatic, current, ctx);
  return {
    automatic: automatic.map((rule) => evaluation(rule, stage.outcomes.get(rule.id), empty)),
    coupons: coupons.map((rule) => {
      const own = applyDiscounts(automatic, { code: rule.code ?? "", rule }, ctx);
      return evaluation(rule, own.outcomes.get(rule.id), empty);
    }),
  };
}

/** The shopper's line for an offer: what it saves, how much more is needed, or why it does not apply. */
export function offerMessage(offer: OfferEvaluation, format: FormatAmount): Message {
  const { rule, refusal } = offer;
  const name = rule.code ?? rule.label;
  if (refusal === null) {
    return rule.kind === "free_delivery"
      ? message("pricing.offer_applies_free_delivery", { name })
      : message("pricing.offer_applies_saved", { name, amount: format(offer.amount) });
  }
  if (refusal.reason === "min_order") return nudgeMessage(rule.label, refusal.shortfall, format);
  if (refusal.reason === "empty_cart") {
    return offer.shortfall > 0
      ? nudgeMessage(rule.label, offer.shortfall, format)
      : message("pricing.offer_add_items", { label: rule.label });
  }
  return refusalMessage(name, refusal, format);
}
