/**
 * Tax at a rate in basis points, rounded half up once per line (and once per fee). Inclusive: the amount already
 * contains the tax, tax = round(amount × r / (10000 + r)). Exclusive: tax = round(amount × r / 10000), added on top.
 */

import { mulDivRound } from "./arithmetic";
import type { TaxMode } from "./types";

export function taxOn(amount: number, rateBp: number, mode: TaxMode): number {
  if (amount <= 0 || rateBp <= 0) return 0;
  return mode === "inclusive" ? mulDivRound(amount, rateBp, 10_000 + rateBp) : mulDivRound(amount, rateBp, 10_000);
}
