import type { NewAddress } from "../../commerce/addresses";
import type { Point } from "../../commerce/geo";
import type { Geocoder } from "../geocoding/geocoder";

/**
 * Where a saved address is, for one sent without a position (the form filled by hand, JavaScript off): the geocoder's
 * place for the written address, when it lies in the address's pincode; else the pincode's own place. Null when
 * neither is found: such an address cannot be tested against a delivery area, so it is not saved (issue 31).
 */
export async function placeAddress(geocoder: Geocoder, address: NewAddress): Promise<Point | null> {
  const written = [address.line1, address.line2, address.landmark, address.city, address.state, address.pincode].filter(Boolean).join(", ");
  const inPincode = (await geocoder.search(written)).find((place) => place.pincode === address.pincode);
  const found = inPincode ?? (await geocoder.search(address.pincode))[0];
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}
