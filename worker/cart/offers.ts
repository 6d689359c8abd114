import type { Translate } from "../../commerce/i18n/catalogue";
import { say } from "../../commerce/i18n/message";
import { formatPrice, toMajor } from "../../commerce/money";
import type { DiscountKind, DiscountRule, PricingLine } from "../../commerce/pricing";
import { evaluateOffers, type OfferEvaluation, type OfferRefusal, offerMessage } from "../../commerce/pricing/discounts";
import { namedBatch, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import type { CartScope } from "./cart-store";
import { DISCOUNT_COLUMNS, type DiscountRow, loadCartPricing, toRule } from "./pricing-input";

/**
 * GET /api/get-discounts: the store's visible coupons and automatic offers, each evaluated against the caller's
 * cart by the pricing engine's own discount stage (commerce/pricing/discounts.ts evaluateOffers), so `applies`
 * here and the cart's figures never disagree. Amounts are major units; a percent value is a percent (20 = 20%).
 *
 * - `applies`: the offer takes effect on this cart now (a coupon: if it were the cart's coupon, replacing any other).
 * - `is_applied`: a coupon is the cart's current coupon (customer_applied_coupon), whether or not it applies; an
 *   automatic offer is applied whenever it applies.
 * - `shortfall`: how much more the cart needs for the offer's minimum order (0 when none); `message` says it
 *   ("Add ₹110 more to get …"), or what the offer saves, or why it does not apply.
 */

export interface Offer {
  id: number;
  /** The coupon code; null for an automatic offer. */
  code: string | null;
  label: string;
  description: string;
  kind: DiscountKind;
  /** Percent for percent offers (20 = 20%), major units for fixed, 0 for free delivery. */
  value: number;
  max_discount: number | null;
  min_order: number | null;
  /** ISO 8601 instants; null: no bound. */
  valid_from: string | null;
  valid_until: string | null;
  applies: boolean;
  is_applied: boolean;
  /** What it takes off this cart now, 0 when it does not apply (or only makes delivery free). */
  discount_amount: number;
  shortfall: number;
  /** Why it does not apply (the engine's refusal reason, or empty_cart); null when it applies. */
  reason: OfferRefusal["reason"] | null;
  message: string;
}

export interface OffersAnswer {
  coupons: Offer[];
  automatic: Offer[];
}

type OfferRow = DiscountRow & { description: string; is_visible: number };

/** The offers for a cart scope; null: no shopper yet, evaluated against an empty cart. */
export async function loadOffers(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  scope: CartScope | null,
  t: Translate,
  now: number = Date.now(),
): Promise<OffersAnswer> {
  // Every automatic rule (hidden ones still price the cart) and the visible coupons, in the store's order, with
  // total and this owner's redemptions (owner '' matches nobody).
  const owner = scope?.owner ?? "";
  const [context, ran] = await Promise.all([
    scope === null ? Promise.resolve(null) : loadCartPricing(db, scope, tenant.settings, now),
    namedBatch(db, {
      rules: step<OfferRow>(
        db
          .prepare(
            `SELECT ${DISCOUNT_COLUMNS}, description, is_visible FROM discount_rules
             WHERE tenant_id = ?1 AND (code IS NULL OR is_visible = 1) ORDER BY position, id`,
          )
          .bind(tenant.id),
      ),
      counts: step<{ discount_id: number; used: number; mine: number | null }>(
        db
          .prepare(
            `SELECT discount_id, COUNT(*) AS used, SUM(owner = ?2) AS mine FROM coupon_redemptions
             WHERE tenant_id = ?1 AND released_at IS NULL
               AND discount_id IN (SELECT id FROM discount_rules WHERE tenant_id = ?1 AND (code IS NULL OR is_visible = 1))
             GROUP BY discount_id`,
          )
          .bind(tenant.id, owner),
      ),
    }),
  ]);
  const counts = new Map(ran.counts.results.map((c) => [c.discount_id, { used: c.used, mine: c.mine ?? 0 }]));
  const offerRows = ran.rules.results;
  const rules = new Map(offerRows.map((row) => [row.id, toRule(row, counts)]));
  const currency = tenant.settings.currency;
  const major = (minor: number) => toMajor(minor, tenant.settings.currency.decimalPlaces);
  const format = (minor: number) => formatPrice(major(minor), currency);

  // Automatic discounts in the engine's order (priority, id), as the cart's pricing runs them.
  const automaticRules = offerRows
    .filter((row) => row.code === null)
    .map((row) => rules.get(row.id)!)
    .sort((a, b) => a.priority - b.priority || a.id - b.id);
  const couponRules = offerRows.filter((row) => row.code !== null).map((row) => rules.get(row.id)!);
  const lines: PricingLine[] = (context?.input.lines ?? []).filter((l) => l.isAvailable).sort((a, b) => a.id - b.id);
  const evaluated = evaluateOffers(automaticRules, couponRules, context?.input.coupon ?? null, {
    lines,
    customer: context?.input.customer ?? { orderCount: 0 },
    now,
    fulfillment: context?.fulfillment ?? "delivery",
  });
  const current = context?.couponCode?.toLowerCase() ?? null;
  const byId = new Map(offerRows.map((row) => [row.id, row]));

  const toOffer = (e: OfferEvaluation): Offer => {
    const rule: DiscountRule = e.rule;
    const row = byId.get(rule.id)!;
    return {
      id: rule.id,
      code: rule.code,
      label: rule.label,
      description: row.description,
      kind: rule.kind,
      value: rule.kind === "percent" ? rule.value / 100 : rule.kind === "fixed" ? major(rule.value) : 0,
      max_discount: rule.maxDiscount === null ? null : major(rule.maxDiscount),
      min_order: rule.minSubtotal === null ? null : major(rule.minSubtotal),
      valid_from: rule.startsAt === null ? null : new Date(rule.startsAt).toISOString(),
      valid_until: rule.endsAt === null ? null : new Date(rule.endsAt).toISOString(),
      applies: e.applies,
      is_applied: rule.code === null ? e.applies : rule.code.toLowerCase() === current,
      discount_amount: major(e.amount),
      shortfall: major(e.shortfall),
      reason: e.refusal?.reason ?? null,
      message: say(t, offerMessage(e, format)),
    };
  };
  const visible = (e: OfferEvaluation) => byId.get(e.rule.id)!.is_visible === 1;
  // Automatic offers listed in the store's order, like coupons.
  const automatic = evaluated.automatic
    .filter(visible)
    .sort((a, b) => offerRows.indexOf(byId.get(a.rule.id)!) - offerRows.indexOf(byId.get(b.rule.id)!));
  return { coupons: evaluated.coupons.map(toOffer), automatic: automatic.map(toOffer) };
}
