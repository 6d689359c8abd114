import { sha256Hex } from "../../web/sha256";
/** Opaque secrets handed to a client (session tokens, reset links): 256 random bits, base64url, 43 characters. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isToken(text: string | null | undefined): text is string {
  return text != null && TOKEN.test(text);
}

/** What is stored of a token: its SHA-256, hex. A fast hash suffices, as the token has 256 bits of entropy. */
export async function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
