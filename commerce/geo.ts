/**
 * Great-circle distance for delivery charges. The haversine formula on a sphere of the Earth's mean radius: within
 * about 0.5% of the true (ellipsoidal) distance, far finer than any delivery slab. Straight-line, not road, distance.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

/** IUGG mean Earth radius in metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** True when both coordinates are finite and within range (latitude ±90, longitude ±180). */
export function isPoint(point: { latitude: number | null; longitude: number | null }): point is Point {
  const { latitude, longitude } = point;
  return (
    latitude !== null &&
    longitude !== null &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** Distance between two points in metres (not rounded). */
export function haversineMetres(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() guards against h creeping past 1 through rounding for antipodal points.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The delivery distance pricing uses: whole metres from the branch to the location, or null when either is unknown. */
export function deliveryDistanceMetres(
  branch: { latitude: number | null; longitude: number | null },
  location: { latitude: number | null; longitude: number | null },
): number | null {
  if (!isPoint(branch) || !isPoint(location)) return null;
  return Math.round(haversineMetres(branch, location));
}

/** A position written "latitude,longitude" in decimal degrees (how a tester places a visitor), or null. */
export function parsePoint(text: string): Point | null {
  const match = /^(-?\d{1,3}(?:\.\d{1,12})?),(-?\d{1,3}(?:\.\d{1,12})?)$/.exec(text.trim());
  if (!match) return null;
  const point = { latitude: Number(match[1]), longitude: Number(match[2]) };
  return isPoint(point) ? point : null;
}
