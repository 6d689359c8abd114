/**
 * Password hashing: PBKDF2-HMAC-SHA256 at 100,000 iterations (the most the Workers runtime allows per call; more is
 * refused only once deployed) over an HMAC of the password with a pepper kept as a Worker secret, so a stolen table
 * alone cannot be attacked offline. The stored text names its scheme and iteration count
 * (`pbkdf2-sha256$100000$<salt>$<hash>`), so a later scheme can be verified beside this one and rehashed on sign-in.
 */

const SCHEME = "pbkdf2-sha256";
export const PASSWORD_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

function base64(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function peppered(password: string, pepper: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(password));
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", await peppered(password, pepper), "PBKDF2", false, ["deriveBits"]);
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, PASSWORD_ITERATIONS);
  return `${SCHEME}$${PASSWORD_ITERATIONS}$${base64(salt)}$${base64(hash)}`;
}

/** Compares in constant time (both are 32-byte digests). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * Whether `password` matches `stored`, verified with the stored iteration count (never today's constant), and whether
 * the stored hash should be replaced by one of today's scheme.
 */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<{ ok: boolean; rehash: boolean }> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  const salt = fromBase64(saltText ?? "");
  const expected = fromBase64(hashText ?? "");
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || iterations > PASSWORD_ITERATIONS || !salt || !expected) {
    return { ok: false, rehash: false };
  }
  const actual = new Uint8Array(await derive(password, pepper, salt, iterations));
  const ok = sameBytes(actual, expected);
  return { ok, rehash: ok && iterations !== PASSWORD_ITERATIONS };
}

/** A well-formed hash no password matches, verified for unknown accounts so they cost what a known one does. */
export const UNKNOWN_ACCOUNT_HASH = `${SCHEME}$${PASSWORD_ITERATIONS}$${btoa("unknown-account!")}$${btoa("x".repeat(32))}`;
