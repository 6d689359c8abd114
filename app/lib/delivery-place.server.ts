import type { AppLoadContext } from "@remix-run/cloudflare";
import { isPincode } from "../../commerce/addresses";
import type { PlaceOption } from "./delivery-place";
import { pageTranslator } from "./page-translator.server";

/** Where a named place is, as the cart's delivery location takes it: its pincode when it has one, and its position. */
export interface PlacedLocation {
  pincode: string | null;
  latitude: number;
  longitude: number;
}

/**
 * The place a guest named on /cart, through the same geocoder as the place search of /location (GET
 * /api/google/address's operation): the one match, or `placeId` among the matches when the shopper picked it from a
 * list. Several matches are answered as the list to pick from, none as the search's own message; the shopper never
 * types a position. A geocoder out of reach is a message too, never an error page.
 */
export async function placeDelivery(
  context: AppLoadContext,
  place: string,
  placeId: string | null,
): Promise<{ ok: true; location: PlacedLocation } | { ok: false; message: string; places?: PlaceOption[] }> {
  const t = pageTranslator(context);
  const search = await context.origin.attempt.googleAddress({ q: place });
  if (!search.ok) {
    const message = search.status === 400 ? (search.issues?.[0]?.message ?? search.message) : t("location.search_unavailable_pincode");
    return { ok: false, message };
  }
  const { results, notice } = search.value;
  // The name's one match, or the one the shopper picked from the list; several unpicked are the list to pick from.
  const [onlyMatch, ...others] = results;
  const found = placeId === null ? (others.length === 0 ? onlyMatch : undefined) : results.find((p) => p.place_id === placeId);
  if (found) {
    const pincode = found.pincode !== null && isPincode(found.pincode) ? found.pincode : null;
    return { ok: true, location: { pincode, latitude: found.latitude, longitude: found.longitude } };
  }
  if (placeId !== null) return { ok: false, message: t("location.not_found_again") };
  // The geocoder's notice (a limited search) is the API's, in the shopper's language: a sentence after this one.
  if (results.length === 0) return { ok: false, message: [t("location.no_place_found"), notice].filter(Boolean).join(" ") };
  const places: PlaceOption[] = results.map((p) => ({ place_id: p.place_id, label: p.formatted_address }));
  return { ok: false, message: t("location.choose_one"), places };
}
