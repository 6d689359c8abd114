/**
 * Additional fees (packaging, small-order fee). A fee applies when its fulfillment list is empty or names the cart's,
 * and subtotal_after_discounts lies within its inclusive bounds; never on an empty cart. Percent fees are
 * round-half-up(subtotal_after_discounts × bp / 10000). Each fee is taxed at its own rate, like a line.
 */

import { mulDivRound } from "./arithmetic";
import { taxOn } from "./tax";
import type { AdditionalFee, AppliedFee, Fulfillment, TaxMode } from "./types";

export function applyFees(
  fees: readonly AdditionalFee[],
  subtotalAfterDiscounts: number,
  fulfillment: Fulfillment,
  hasLines: boolean,
  taxMode: TaxMode,
): AppliedFee[] {
  if (!hasLines) return [];
  const applied: AppliedFee[] = [];
  for (const fee of [...fees].sort((a, b) => a.id - b.id)) {
    if (fee.fulfillments.length > 0 && !fee.fulfillments.includes(fulfillment)) continue;
    if (fee.minSubtotal !== null && subtotalAfterDiscounts < fee.minSubtotal) continue;
    if (fee.maxSubtotal !== null && subtotalAfterDiscounts > fee.maxSubtotal) continue;
    const amount = fee.kind === "flat" ? fee.value : mulDivRound(subtotalAfterDiscounts, fee.value, 10_000);
    if (amount <= 0) continue;
    applied.push({ id: fee.id, name: fee.name, amount, tax: taxOn(amount, fee.taxRateBp, taxMode) });
  }
  return applied;
}
