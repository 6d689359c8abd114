import { browserOrigin } from "../../browser-origin";
import { refusalOf } from "../../lib/api-refusal";
import { degrees } from "../../lib/location-form";

/**
 * The drawer's calls to the store's API, through the typed browser origin client (same origin, the XHR header, the
 * shopper's `branch_id`). Each answers the body, or throws an Error with the API's message for the shopper.
 */

interface Point {
  latitude: number;
  longitude: number;
}

async function answered<T>(response: { ok: boolean; json(): Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
  // No message of the API's: the drawer says the store could not answer, in the page's language.
  throw new Error((await refusalOf(response)).message ?? "");
}

const at = (point: Point) => ({ latitude: degrees(point.latitude), longitude: degrees(point.longitude) });

export const locationApi = {
  branches: async (branchId: number) => answered(await browserOrigin(branchId).api["get-branches"].$get({ query: {} })),
  /** The branch delivering to a point (null: none), and every branch with its distance from it. */
  branchAt: async (branchId: number, point: Point) =>
    answered(await browserOrigin(branchId).api["get-branch-based-on-gps"].$get({ query: at(point) })),
  placesNamed: async (branchId: number, q: string) => answered(await browserOrigin(branchId).api.google.address.$get({ query: { q } })),
  placesAt: async (branchId: number, point: Point) =>
    answered(
      await browserOrigin(branchId).api.google.address.$get({ query: { lat: degrees(point.latitude), lng: degrees(point.longitude) } }),
    ),
};
