import { type GeocodedPlace, type Geocoder, GeocodingError, MAX_PLACES } from "./geocoder";

/**
 * The Google Geocoding API (https://developers.google.com/maps/documentation/geocoding/requests-geocoding):
 * `GET <base>?latlng=<lat>,<lng>&key=…` (reverse) or `?address=<text>&key=…`, answering
 * `{ status, results: [{ place_id, formatted_address, address_components, geometry: { location: { lat, lng } } }] }`.
 */

export const GOOGLE_GEOCODING_URL = "https://maps.googleapis.com/maps/api/geocode/json";
/** A shopper is waiting: a geocoder slower than this is unavailable. */
const TIMEOUT_MS = 5_000;

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GoogleResult {
  place_id?: string;
  formatted_address?: string;
  address_components?: GoogleComponent[];
  geometry?: { location?: { lat?: number; lng?: number } };
}
interface GoogleAnswer {
  status?: string;
  error_message?: string;
  results?: GoogleResult[];
}

function component(components: GoogleComponent[], ...types: string[]): string | null {
  for (const type of types) {
    const found = components.find((c) => c.types.includes(type));
    if (found) return found.long_name;
  }
  return null;
}

function toPlace(result: GoogleResult): GeocodedPlace | null {
  const location = result.geometry?.location;
  if (typeof location?.lat !== "number" || typeof location.lng !== "number" || typeof result.formatted_address !== "string") {
    return null;
  }
  const parts = result.address_components ?? [];
  const street = [component(parts, "street_number"), component(parts, "route")].filter(Boolean).join(" ");
  return {
    // Google names every result; a result without one is still a place, known by its position.
    place_id: typeof result.place_id === "string" ? result.place_id : `${location.lat},${location.lng}`,
    formatted_address: result.formatted_address,
    line1: component(parts, "premise") ?? (street || null),
    area: component(parts, "sublocality_level_1", "sublocality", "neighborhood"),
    city: component(parts, "locality", "postal_town", "administrative_area_level_2"),
    state: component(parts, "administrative_area_level_1"),
    pincode: component(parts, "postal_code"),
    country: component(parts, "country"),
    latitude: location.lat,
    longitude: location.lng,
  };
}

/** Reads Google's answer: its places, none (ZERO_RESULTS), or the GeocodingError its status means. */
export function readGoogleAnswer(answer: GoogleAnswer): GeocodedPlace[] {
  switch (answer.status) {
    case "OK":
      return (answer.results ?? [])
        .map(toPlace)
        .filter((p) => p !== null)
        .slice(0, MAX_PLACES);
    case "ZERO_RESULTS":
      return [];
    case "OVER_QUERY_LIMIT":
    case "OVER_DAILY_LIMIT":
    case "UNKNOWN_ERROR":
      throw new GeocodingError("unavailable", `The geocoder is busy (${answer.status}).`);
    default:
      // REQUEST_DENIED (a bad or restricted key), INVALID_REQUEST, or an answer that is not Google's.
      console.error("geocoder refused", answer.status, answer.error_message);
      throw new GeocodingError("failed", `The geocoder refused the request (${answer.status ?? "no status"}).`);
  }
}

export function googleGeocoder(key: string, baseUrl: string = GOOGLE_GEOCODING_URL): Geocoder {
  async function ask(query: Record<string, string>): Promise<GeocodedPlace[]> {
    const url = new URL(baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set("key", key);
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new GeocodingError("unavailable", "The geocoder could not be reached.");
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocodingError(response.status >= 500 ? "unavailable" : "failed", `The geocoder answered HTTP ${response.status}.`);
    }
    const answer = (await response.json().catch(() => null)) as GoogleAnswer | null;
    return readGoogleAnswer(answer ?? {});
  }
  return {
    reverse: (point) => ask({ latlng: `${point.latitude},${point.longitude}` }),
    search: (text) => ask({ address: text }),
  };
}
