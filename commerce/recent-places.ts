/** Spec section 9: how many recent places the location drawer keeps. */
export const MAX_RECENT_PLACES = 5;

export interface RecentPlace {
  /** The geocoder's id of the place; two visits of one place share it. */
  place_id: string;
  label: string;
  latitude: number;
  longitude: number;
}

/** Spec section 4: a new place goes to the front unless already present; only the most recent five are kept. */
export function withRecentPlace(places: readonly RecentPlace[], place: RecentPlace): RecentPlace[] {
  if (places.some((p) => p.place_id === place.place_id)) return [...places];
  return [place, ...places].slice(0, MAX_RECENT_PLACES);
}
