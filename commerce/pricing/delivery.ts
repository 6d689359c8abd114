import { type Message, message } from "../i18n/message";
/**
 * Delivery charge for the cart's branch. Outside the branch's area, or from a pickup-only branch: unavailable. Flat:
 * the base charge. Slabs: the first slab (by distance) covering the distance; beyond the last slab delivery is
 * unavailable; with no location yet the base charge applies and no distance is shown. The charge is 0 when subtotal_after_discounts reaches freeAbove (the goods the shopper actually
 * pays for, after order discounts), and 0 for an empty cart. Pickup has no delivery at all.
 */

import type { DeliveryConfig, FormatAmount, Nudge } from "./types";

export interface DeliveryOutcome {
  charge: number;
  available: boolean;
  distance: number | null;
  showDistance: boolean;
  nudge: Nudge | null;
  message: Message | null;
}

export function deliveryCharge(
  config: DeliveryConfig,
  subtotalAfterDiscounts: number,
  hasLines: boolean,
  format: FormatAmount,
): DeliveryOutcome {
  if (config.fulfillment === "pickup")
    return { charge: 0, available: true, distance: null, showDistance: false, nudge: null, message: null };
  const distance = config.distanceMetres === null ? null : Math.round(config.distanceMetres / 10) / 100;
  const showDistance = config.showDistance && distance !== null;
  if (config.refusal) return { charge: 0, available: false, distance, showDistance, nudge: null, message: config.refusal };
  let charge = config.baseCharge;
  if (config.mode === "slabs" && config.distanceMetres !== null) {
    const metres = config.distanceMetres;
    const slab = [...config.slabs].sort((a, b) => a.upToMetres - b.upToMetres).find((s) => metres <= s.upToMetres);
    if (!slab) {
      return { charge: 0, available: false, distance, showDistance, nudge: null, message: message("pricing.delivery_not_available") };
    }
    charge = slab.charge;
  }
  if (!hasLines || charge === 0) return { charge: 0, available: true, distance, showDistance, nudge: null, message: null };
  if (config.freeAbove !== null) {
    if (subtotalAfterDiscounts >= config.freeAbove) {
      return { charge: 0, available: true, distance, showDistance, nudge: null, message: message("pricing.free_delivery") };
    }
    const shortfall = config.freeAbove - subtotalAfterDiscounts;
    return {
      charge,
      available: true,
      distance,
      showDistance,
      nudge: { shortfall, label: "free delivery" },
      message: message("pricing.add_for_free_delivery", { amount: format(shortfall) }),
    };
  }
  return { charge, available: true, distance, showDistance, nudge: null, message: null };
}
