import { openAt } from "../../commerce/branch-areas";
import { servingBranch } from "../../commerce/delivery-area";
import { deliveryDistanceMetres, type Point } from "../../commerce/geo";
import type { StoreBranch } from "./store-branches";

/** A branch as the location drawer and the /location page show it. */
export interface BranchChoice {
  id: number;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  is_main_branch: boolean;
  /** Straight-line kilometres from the asked position (two decimals); null without a position. */
  distance_km: number | null;
  /** Whether it delivers to the asked position; null without a position. */
  serves: boolean | null;
  /** Inside its opening hours now (in its own time zone). */
  open_now: boolean;
  /** Closed to shoppers: shown, never chosen. */
  closed: boolean;
  takes_delivery: boolean;
  takes_pickup: boolean;
}

export function branchChoice(branch: StoreBranch, position: Point | null, now: Date): BranchChoice {
  const metres = position ? deliveryDistanceMetres(branch, position) : null;
  return {
    id: branch.id,
    name: branch.name,
    address: branch.address,
    latitude: branch.latitude,
    longitude: branch.longitude,
    is_main_branch: branch.isMain,
    distance_km: metres === null ? null : Math.round(metres / 10) / 100,
    serves: position ? servingBranch([branch], position, branch.id) !== null : null,
    open_now: !branch.closed && openAt(branch.hours, branch.timeZone, now),
    closed: branch.closed,
    takes_delivery: branch.takesDelivery,
    takes_pickup: branch.takesPickup,
  };
}

/** The store's branches as choices: nearest first when a position is given, else in the store's order. */
export function branchChoices(branches: StoreBranch[], position: Point | null, now: Date): BranchChoice[] {
  const choices = branches.map((b) => branchChoice(b, position, now));
  if (position === null) return choices;
  return choices.sort((a, b) => (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY));
}
