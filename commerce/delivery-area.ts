import { type BranchArea, insideArea } from "./branch-areas";
import { deliveryDistanceMetres, isPoint, type Point } from "./geo";
import { type Message, message } from "./i18n/message";
import { deliveryCharge } from "./pricing/delivery";
import type { DeliveryConfig, DeliverySlab } from "./pricing/types";

/**
 * Where a branch delivers and for how much, from its delivery rules (migrations/0005_pricing.sql): the one rule the
 * cart prices with (`deliveryConfigFor`) and the pincode check asks (`servingBranch`), so both always agree.
 */

export interface BranchDeliveryRules extends BranchArea {
  id: number;
  name: string;
  /** False: pickup orders only. */
  takesDelivery: boolean;
  /** Closed to shoppers: it serves nobody and cannot be chosen. */
  closed: boolean;
  /** A branch without a delivery row delivers flat, at no charge. */
  mode: "flat" | "slabs";
  baseCharge: number;
  slabs: DeliverySlab[];
  freeAbove: number | null;
}

/** Why a branch cannot deliver to a location at all (before any slab is consulted), or null. */
export function deliveryRefusal(
  branch: Pick<BranchDeliveryRules, "takesDelivery" | "closed" | keyof BranchArea>,
  location: { latitude: number | null; longitude: number | null },
): Message | null {
  if (branch.closed || !branch.takesDelivery) return message("pricing.branch_no_delivery");
  if (isPoint(location) && !insideArea(branch, location)) return message("pricing.delivery_not_available");
  return null;
}

/** Pricing's delivery config for a branch and a location; without a position, no distance (the base charge applies). */
export function deliveryConfigFor(
  branch: Omit<BranchDeliveryRules, "id" | "name">,
  location: { latitude: number | null; longitude: number | null },
  showDistance: boolean,
): Extract<DeliveryConfig, { fulfillment: "delivery" }> {
  return {
    refusal: deliveryRefusal(branch, location),
    fulfillment: "delivery",
    mode: branch.mode,
    baseCharge: branch.baseCharge,
    slabs: branch.slabs,
    distanceMetres: deliveryDistanceMetres(branch, location),
    freeAbove: branch.freeAbove,
    showDistance,
  };
}

export interface Serving<B extends BranchDeliveryRules = BranchDeliveryRules> {
  branch: B;
  /** The charge before any free-delivery threshold (minor units). */
  charge: number;
  distanceMetres: number | null;
}

/**
 * The branch that would deliver to a point: the nearest one whose rules reach it, at the charge the cart would price.
 * Without a point (a pincode nobody could place), the cart's own rule for a pincode alone: the shopper's branch at its
 * base charge. Null: no branch delivers there.
 */
export function servingBranch<B extends BranchDeliveryRules>(
  branches: B[],
  point: Point | null,
  currentBranchId: number,
): Serving<B> | null {
  const candidates = (point === null ? branches.filter((b) => b.id === currentBranchId) : branches).filter(
    (b) => deliveryRefusal(b, point ?? { latitude: null, longitude: null }) === null,
  );
  const serving = candidates
    .map((branch) => {
      const config = deliveryConfigFor(branch, point ?? { latitude: null, longitude: null }, false);
      // A line worth nothing: the charge itself, before any free-delivery threshold.
      const outcome = deliveryCharge({ ...config, freeAbove: null }, 0, true, String);
      return { branch, charge: outcome.charge, distanceMetres: config.distanceMetres, available: outcome.available };
    })
    .filter((s) => s.available)
    // Nearest first; a branch without a position (no distance) after every measured one, the shopper's own first.
    .sort(
      (a, b) =>
        (a.distanceMetres ?? Number.POSITIVE_INFINITY) - (b.distanceMetres ?? Number.POSITIVE_INFINITY) ||
        Number(b.branch.id === currentBranchId) - Number(a.branch.id === currentBranchId),
    )[0];
  return serving ? { branch: serving.branch, charge: serving.charge, distanceMetres: serving.distanceMetres } : null;
}
