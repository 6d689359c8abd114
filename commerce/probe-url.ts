/**
 * The connectivity probe's address (spec section 7: a check every 5000 ms drives the offline view), a store
 * setting. Only an https URL or a path on the store's own site: anything else (http, javascript:, another scheme,
 * a protocol-relative //host) would either leak the shopper's visits or never answer from a secure page.
 */
export const DEFAULT_PROBE_URL = "/healthz";

export function isProbeUrl(value: string): boolean {
  if (value.length > 2000) return false;
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** The probe address a store's setting names, or the default when it names none (or one the importer would refuse). */
export function probeUrlFrom(setting: string | undefined): string {
  return setting && isProbeUrl(setting) ? setting : DEFAULT_PROBE_URL;
}
