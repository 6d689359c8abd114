import { message } from "../../commerce/i18n/message";
import { GeocodingError } from "../geocoding/geocoder";
import { ApiError } from "../http/errors";

/** Runs a lookup; the geocoder's failure becomes 503 (try again later) or 502 in the error shape, never a 500. */
export async function geocoding<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (!(error instanceof GeocodingError)) throw error;
    if (error.reason === "unavailable") {
      throw new ApiError(503, "geocoding_unavailable", message("errors.geocoding_unavailable"), undefined, {
        "Retry-After": "30",
      });
    }
    throw new ApiError(502, "geocoding_failed", message("errors.geocoding_failed"));
  }
}
