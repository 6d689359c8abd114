/**
 * The identifier formats every layer accepts, defined once. Record ids are D1 integers that fit a signed 32-bit
 * column (what SQLite's rowids here never exceed and what the API's clients can hold); a guest id is the random
 * id a browser or an API client keeps for a shopper without an account.
 */

export const MAX_ID = 2_147_483_647;

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** A record id: a whole number from 1 to MAX_ID. */
export function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** A record id written as text ("42"); anything else (signs, spaces, leading zeros, past MAX_ID) is null. */
export function parseId(text: string | null | undefined): number | null {
  if (text == null || !ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/**
 * A guest id: 32 lowercase hex digits (what this Worker mints, 128 random bits) or a lowercase UUID as
 * `crypto.randomUUID()` makes it (what API clients commonly keep in browser storage).
 */
const GUEST_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function isGuestId(text: string | null | undefined): text is string {
  return text != null && GUEST_ID.test(text);
}

/** A new guest id: 128 random bits as 32 lowercase hex digits. */
export function newGuestId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A public id as `newPublicId` makes it: 22 base64url characters. What orders and scratch cards show instead of row ids. */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;

export function isPublicId(text: string | null | undefined): text is string {
  return text != null && PUBLIC_ID.test(text);
}

/** A new public id: 128 random bits, base64url (22 characters, `PUBLIC_ID`). */
export function newPublicId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
