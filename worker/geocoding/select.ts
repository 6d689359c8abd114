import type { Translate } from "../../commerce/i18n/catalogue";
import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import { gazetteerGeocoder } from "./gazetteer";
import type { Geocoder } from "./geocoder";
import { googleGeocoder } from "./google";

/** Google when GOOGLE_MAPS_API_KEY is set (at GEOCODING_URL when that is set too), else the offline gazetteer. */
export function geocoderFor(env: Pick<Env, "GOOGLE_MAPS_API_KEY" | "GEOCODING_URL">): Geocoder {
  return env.GOOGLE_MAPS_API_KEY ? googleGeocoder(env.GOOGLE_MAPS_API_KEY, env.GEOCODING_URL || undefined) : gazetteerGeocoder();
}

/** What a shopper searching for a place is told when a deployed Worker has no geocoder key (decision 043). */
export const GEOCODER_NOT_SET_UP = "location.geocoder_not_set_up";

/**
 * The notice place searches carry: none with Google, or locally (DEV_TOOLS=1), where the gazetteer of the demo areas is
 * the point; deployed without a key, the gazetteer knows only those areas, and the shopper is told so, in `t`'s language.
 */
export function geocoderNotice(env: Pick<Env, "GOOGLE_MAPS_API_KEY" | "DEV_TOOLS">, t: Translate): string | null {
  return env.GOOGLE_MAPS_API_KEY || devToolsOn(env) ? null : t(GEOCODER_NOT_SET_UP);
}
