import { Hono } from "hono";
import { isPincode } from "../../commerce/addresses";
import { servingBranch } from "../../commerce/delivery-area";
import { issueId } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { toMajor } from "../../commerce/money";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import type { GeocodedPlace } from "../geocoding/geocoder";
import { geocoderFor, geocoderNotice } from "../geocoding/select";
import { coordinate } from "./coordinates";
import { geocoding } from "./geocoding-error";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * Places and delivery areas (spec section 7): `GET /api/google/address` (a position to addresses, or a text to
 * candidate positions) and `GET /api/check-pincode`. Through Google when GOOGLE_MAPS_API_KEY is set, else the offline
 * gazetteer (worker/geocoding). A position is personal: answers are `private, no-store`.
 */

/** A position (`lat` and `lng`) or a text (`q`), not both; other parameters (the API's `branch_id`) are left alone. */
export const addressQuery = z
  .object({
    lat: z.optional(coordinate(90)),
    lng: z.optional(coordinate(180)),
    q: z.optional(z.string().check(z.trim(), z.minLength(2, issueId("errors.type_two_characters")), z.maxLength(200))),
  })
  .check(
    z.refine((query) => (query.q === undefined) === (query.lat !== undefined && query.lng !== undefined), {
      message: issueId("errors.send_lat_lng_or_q"),
    }),
    z.refine((query) => query.q === undefined || (query.lat === undefined && query.lng === undefined), {
      message: issueId("errors.send_lat_lng_or_q"),
    }),
  );
export const pincodeQuery = z.object({
  pincode: z.string().check(z.trim(), z.refine(isPincode, issueId("errors.enter_valid_pincode"))),
});

export interface PlacesAnswer {
  results: GeocodedPlace[];
  /** Said to the shopper when address search is limited (no geocoder set up); null otherwise. */
  notice: string | null;
}

export interface PincodeAnswer {
  pincode: string;
  /** Whether a branch delivers there. */
  served: boolean;
  /** False when the pincode could not be placed: then the shopper's branch at its base charge, as the cart prices it. */
  located: boolean;
  branch: { id: number; name: string } | null;
  /** Major units, before any free-delivery threshold; null when not served. */
  delivery_charge: number | null;
  /** Delivery is free from this cart subtotal (major units); null: never. */
  free_above: number | null;
  /** Kilometres from the branch (straight line), when known. */
  distance_km: number | null;
}

/** GET /api/google/address: the addresses at a position, or the places a text names. */
export async function placesOf(o: OriginContext, query: z.output<typeof addressQuery>): Promise<PlacesAnswer> {
  const geocoder = geocoderFor(o.env);
  const { q, lat, lng } = query;
  const results = await geocoding(() => (q !== undefined ? geocoder.search(q) : geocoder.reverse({ latitude: lat!, longitude: lng! })));
  return { results, notice: geocoderNotice(o.env, translatorOf(o.language)) };
}

/** GET /api/check-pincode: whether a branch delivers to a pincode, and at what charge. */
export async function pincodeCheckOf(o: OriginContext, query: z.output<typeof pincodeQuery>): Promise<PincodeAnswer> {
  const { pincode } = query;
  const compact = pincode.replace(/\s/g, "").toLowerCase();
  const [places, branches] = await Promise.all([
    geocoding(() => geocoderFor(o.env).search(pincode)),
    storeBranches(o.env, o.ctx, o.tenant),
  ]);
  // Only a place with this very pincode locates it: a text search may answer a near match.
  const place = places.find((p) => p.pincode?.replace(/\s/g, "").toLowerCase() === compact) ?? null;
  const serving = servingBranch(branches, place, o.branchId);
  const major = (minor: number) => toMajor(minor, o.tenant.settings.currency.decimalPlaces);
  return {
    pincode,
    served: serving !== null,
    located: place !== null,
    branch: serving ? { id: serving.branch.id, name: serving.branch.name } : null,
    delivery_charge: serving ? major(serving.charge) : null,
    free_above: serving?.branch.freeAbove == null ? null : major(serving.branch.freeAbove),
    distance_km: serving?.distanceMetres == null ? null : Math.round(serving.distanceMetres / 10) / 100,
  };
}

export const geocodingApi = new Hono<AppEnv>()
  .get("/google/address", validate("query", addressQuery), async (c) =>
    c.json(await placesOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .get("/check-pincode", validate("query", pincodeQuery), async (c) =>
    c.json(await pincodeCheckOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  );
