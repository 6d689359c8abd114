import { isLocal } from "../tenancy/tenant-origin";

/**
 * The address of the store a message names, from the API request's URL (its hostname is the one the store was found
 * by, so it is always one of the store's own). Links are https, except on this machine, where the dev server has none.
 */
export function storeSite(requestUrl: string): { host: string; origin: string } {
  const url = new URL(requestUrl);
  const local = isLocal(url.hostname);
  return { host: url.host, origin: local ? url.origin : `https://${url.host}` };
}
