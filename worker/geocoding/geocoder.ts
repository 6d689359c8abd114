import type { Point } from "../../commerce/geo";

/**
 * Turning a position into an address and text into positions. Two transports behind one interface: the Google
 * Geocoding API when a key is configured (google.ts), else a small gazetteer of the demo stores' areas (gazetteer.ts),
 * so the demo works offline. Choose with `geocoderFor(env)` (select.ts).
 */

/** One place as both transports answer it; every field but the position and formatted_address may be unknown. */
export interface GeocodedPlace {
  /** The place's stable id (Google's `place_id`; the gazetteer's own), so a recent place is kept once. */
  place_id: string;
  formatted_address: string;
  /** Street number and street, or the premise. */
  line1: string | null;
  /** Neighbourhood or sublocality ("Indiranagar"). */
  area: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  /** Addresses at a position, best first; empty when there is none. */
  reverse(point: Point): Promise<GeocodedPlace[]>;
  /** Candidate places for a text (an address, an area, a pincode), best first; empty when there is none. */
  search(text: string): Promise<GeocodedPlace[]>;
}

/**
 * The geocoder could not answer. `unavailable` may pass (quota, timeout, the service's own error: 503, try later);
 * `failed` will not without a change on our side (key refused, malformed answer: 502).
 */
export class GeocodingError extends Error {
  constructor(
    readonly reason: "unavailable" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "GeocodingError";
  }
}

/** At most this many candidates are answered. */
export const MAX_PLACES = 5;
