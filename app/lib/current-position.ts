/**
 * The device's position, asked of the browser once (it may ask the shopper first). Ten seconds, then it gives up: a
 * shopper left waiting on a prompt they missed is told to search instead. Browser only.
 */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 10_000 }));
}

/** Whether this browser can be asked at all (some refuse on plain HTTP, or have no geolocation). */
export const canAskPosition = () => typeof navigator !== "undefined" && "geolocation" in navigator;
