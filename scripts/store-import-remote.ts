import { type ApiAnswer, apiRequest } from "./api-request";

/**
 * `npm run store:import -- --remote`: a store file sent through the store API (decision 040) over real HTTP, the
 * way any client of the API sends it.
 */

export interface RemoteTarget {
  /** The Worker's origin: the store's own address (https://shop.example.com) to replace it, any served one to create. */
  url: string;
  /** The Host to send in place of the URL's, to reach a store through an address that is not its own (127.0.0.1). */
  host?: string;
  /** A store key (`sk_…`): replace that store. */
  key?: string;
  /** The platform key: create the store and print its first key. */
  platformKey?: string;
  /** Replace only this section of the file (products, settings…); with a store key only. */
  section?: string;
}

/** The call a target makes: create with the platform key, replace (whole or a section) with a store key. */
export function remoteCall(target: RemoteTarget): { method: string; path: string; bearer: string } {
  if (target.platformKey) return { method: "POST", path: "/api/platform/stores", bearer: target.platformKey };
  if (!target.key) throw new Error("--remote needs --key <store key> (or STORE_API_KEY), or --platform-key (or PLATFORM_KEY)");
  const path = target.section ? `/api/admin/store/${encodeURIComponent(target.section)}` : "/api/admin/store";
  return { method: "PUT", path, bearer: target.key };
}

/** Sends `file` (the parsed store file) and answers the API's status and JSON. */
export function sendStoreFile(target: RemoteTarget, file: Record<string, unknown>): Promise<ApiAnswer> {
  const { method, path, bearer } = remoteCall(target);
  const sent = target.section && !target.platformKey ? file[target.section] : file;
  if (sent === undefined) return Promise.reject(new Error(`the file has no ${target.section} to send`));
  return apiRequest({ url: target.url, host: target.host, method, path, bearer, body: sent });
}
