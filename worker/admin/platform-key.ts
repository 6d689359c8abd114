import { tokenHash } from "../accounts/tokens";

/**
 * The platform key creates stores (decision 040). The Worker holds only its SHA-256 (PLATFORM_KEY_SHA256, a secret), so
 * neither the repository nor the Worker's settings hold anything a caller could present; the bearer's hash is
 * compared with it in constant time, so the answer's timing tells nothing about how much of it matched.
 */
const SHA256_HEX = /^[0-9a-f]{64}$/;

export type PlatformKeyCheck = "ok" | "refused" | "not_configured";

export async function checkPlatformKey(configuredHash: string | undefined, bearer: string | undefined): Promise<PlatformKeyCheck> {
  const expected = configuredHash?.trim().toLowerCase();
  if (!expected || !SHA256_HEX.test(expected)) return "not_configured";
  if (!bearer) return "refused";
  return sameInConstantTime(await tokenHash(bearer), expected) ? "ok" : "refused";
}

/** Two 64-digit hex strings compared digit by digit to the end, whatever differs first. */
function sameInConstantTime(a: string, b: string): boolean {
  let difference = 0;
  for (let i = 0; i < 64; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
