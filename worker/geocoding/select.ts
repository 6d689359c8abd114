import type { Env } from "../env";
import { gazetteerGeocoder } from "./gazetteer";
import type { Geocoder } from "./geocoder";
import { googleGeocoder } from "./google";

/** Google when GOOGLE_MAPS_API_KEY is set (at GEOCODING_URL when that is set too), else the offline gazetteer. */
export function geocoderFor(env: Pick<Env, "GOOGLE_MAPS_API_KEY" | "GEOCODING_URL">): Geocoder {
  return env.GOOGLE_MAPS_API_KEY ? googleGeocoder(env.GOOGLE_MAPS_API_KEY, env.GEOCODING_URL || undefined) : gazetteerGeocoder();
}
