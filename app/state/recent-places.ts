import { proxy } from "valtio";
import { type RecentPlace, withRecentPlace } from "../../commerce/recent-places";

/** The spec's recentPlaces slice: places the shopper chose a branch from, newest first (persisted on the device). */
export const recentPlaces = proxy({ places: [] as RecentPlace[] });

export function rememberPlace(place: RecentPlace): void {
  recentPlaces.places = withRecentPlace(recentPlaces.places, place);
}
