import type { BranchAtPositionAnswer, BranchesAnswer } from "../../../worker/api/branches";
import type { PlacesAnswer } from "../../../worker/api/geocoding";
import { degrees } from "../../lib/location-form";

/**
 * The drawer's calls to the store's API (spec section 7: same origin, the XHR header, the shopper's `branch_id`). Each
 * answers the body, or throws an Error with the API's message for the shopper.
 */

interface Point {
  latitude: number;
  longitude: number;
}

async function get<T>(path: string, branchId: number, query: Record<string, string> = {}): Promise<T> {
  const params = new URLSearchParams({ ...query, branch_id: String(branchId) });
  const response = await fetch(`/api/${path}?${params}`, { headers: { "X-Requested-With": "XMLHttpRequest" } });
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) throw new Error(body?.message ?? "The store could not answer just now.");
  return body;
}

const at = (point: Point) => ({ latitude: degrees(point.latitude), longitude: degrees(point.longitude) });

export const locationApi = {
  branches: (branchId: number) => get<BranchesAnswer>("get-branches", branchId),
  /** The branch delivering to a point (null: none), and every branch with its distance from it. */
  branchAt: (branchId: number, point: Point) => get<BranchAtPositionAnswer>("get-branch-based-on-gps", branchId, at(point)),
  placesNamed: (branchId: number, q: string) => get<PlacesAnswer>("google/address", branchId, { q }),
  placesAt: (branchId: number, point: Point) =>
    get<PlacesAnswer>("google/address", branchId, { lat: degrees(point.latitude), lng: degrees(point.longitude) }),
};
