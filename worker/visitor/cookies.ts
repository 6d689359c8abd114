import { type Point, parsePoint } from "../../commerce/geo";
import { isGuestId, parseId } from "../../commerce/ids";
import type { CookieConsent } from "../../commerce/plugins";
import { isReferralCode } from "../../commerce/referral";
import { SESSION_DAYS } from "../accounts/sessions";
import { isToken } from "../accounts/tokens";
import { STAFF_SESSION_HOURS } from "../staff/staff-sessions";

/**
 * Every cookie this Worker keeps, for a shopper and for the store's staff: its name, the values it may hold, how long it
 * lives and its attributes, in one place. Reads are tolerant: a missing, malformed, out-of-range or foreign value counts
 * as absent (never an error), and the next write replaces it. Only the shopper layer (worker/visitor/) and the desk's
 * identity (worker/desk/desk-identity.ts) read or write them.
 */

/** Scripts cannot read them, they travel only over HTTPS (browsers treat *.localhost as secure), and cross-site
 * requests other than top-level navigations carry none of them (CSRF). */
const ATTRIBUTES = "HttpOnly; Secure; SameSite=Lax";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

interface CookieKind<T> {
  name: string;
  maxAgeSeconds: number;
  /** Where the browser sends it: the whole site unless said. */
  path?: string;
  /** The value a cookie text stands for, or null when it is not one this kind can hold. */
  parse(text: string): T | null;
}

/** The shopper's random guest id, minted by the Worker on their first change (a cart add, a branch choice). */
export const GUEST_COOKIE: CookieKind<string> = {
  name: "guest_id",
  maxAgeSeconds: ONE_YEAR_SECONDS,
  parse: (text) => (isGuestId(text) ? text : null),
};

/** The branch the shopper chose (spec section 6: else the default). */
export const BRANCH_COOKIE: CookieKind<number> = { name: "branch_id", maxAgeSeconds: ONE_YEAR_SECONDS, parse: parseId };

/** Largest badge count: a cart holds at most 100 lines of at most 99 each. */
const MAX_CART_COUNT = 9_999;

/** The nav badge's item count, set from the server's cart answer so no other page has to load the cart. */
export const CART_COUNT_COOKIE: CookieKind<number> = {
  name: "cart_count",
  maxAgeSeconds: ONE_YEAR_SECONDS,
  parse: (text) => (/^\d{1,4}$/.test(text) && Number(text) <= MAX_CART_COUNT ? Number(text) : null),
};

/** A signed-in customer's session token (worker/accounts/sessions); the server keeps only its hash. */
export const SESSION_COOKIE: CookieKind<string> = {
  name: "session",
  maxAgeSeconds: SESSION_DAYS * 24 * 60 * 60,
  parse: (text) => (isToken(text) ? text : null),
};

/**
 * The referral code of the /r/{code} link a visitor opened, so /register fills it in; a week, long enough to sign up
 * on another day, short enough not to credit a friend for a visit long forgotten.
 */
export const REFERRAL_COOKIE: CookieKind<string> = {
  name: "referred_by",
  maxAgeSeconds: 7 * 24 * 60 * 60,
  parse: (text) => (isReferralCode(text) ? text : null),
};

/**
 * A staff member's desk session (worker/staff/staff-sessions.ts, decision 083): sent to the desk's pages only, never
 * with a shopper's request, and apart from the shopper's own session cookie.
 */
export const DESK_SESSION_COOKIE: CookieKind<string> = {
  name: "desk_session",
  maxAgeSeconds: STAFF_SESSION_HOURS * 60 * 60,
  path: "/admin",
  parse: (text) => (isToken(text) ? text : null),
};

/** The desk session's token in a Cookie header, or null; the first usable value wins, as in `readShopperCookies`. */
export function readDeskSession(header: string | null | undefined): string | null {
  for (const pair of header?.split(";") ?? []) {
    const eq = pair.indexOf("=");
    if (eq >= 0 && pair.slice(0, eq).trim() === DESK_SESSION_COOKIE.name) {
      const token = DESK_SESSION_COOKIE.parse(pair.slice(eq + 1).trim());
      if (token) return token;
    }
  }
  return null;
}

/** The shopper's answer to the cookie-consent banner; the store's analytics and chat plugins wait for "accepted". */
export const CONSENT_COOKIE: CookieKind<CookieConsent> = {
  name: "cookie_consent",
  maxAgeSeconds: ONE_YEAR_SECONDS,
  parse: (text) => (text === "accepted" || text === "declined" ? text : null),
};

/**
 * Where a tester stands ("latitude,longitude"), read only while DEV_TOOLS=1 (worker/visitor/visitor-position.ts):
 * the local runtime's request.cf is a fixed fake place. Set by hand or by a test, never by the Worker.
 */
export const DEV_POSITION_COOKIE: CookieKind<Point> = { name: "dev_position", maxAgeSeconds: ONE_YEAR_SECONDS, parse: parsePoint };

/**
 * The D1 session bookmark of the shopper's last write (decision 055): their next requests read from a replica only once
 * it has caught up with it, so they see their own cart change, order or sign-in. A bookmark is hex groups and dashes.
 */
export const DB_BOOKMARK_COOKIE: CookieKind<string> = {
  name: "db_bookmark",
  maxAgeSeconds: 24 * 60 * 60,
  // `<database>:<bookmark>`: a bookmark means something only to the store database that gave it (decision 061).
  parse: (text) => (/^[A-Z][A-Z0-9_]{0,31}:[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/i.test(text) ? text : null),
};

/** The bookmark a `db_bookmark` cookie holds for `database`, or null when it is another database's (the store moved). */
export function bookmarkFor(cookie: string, database: string): string | null {
  const at = cookie.indexOf(":");
  return cookie.slice(0, at) === database ? cookie.slice(at + 1) : null;
}

/** The `db_bookmark` cookie's value for a database's bookmark. */
export function bookmarkCookie(database: string, bookmark: string): string {
  return `${database}:${bookmark}`;
}

export interface ShopperCookies {
  guestId: string | null;
  branchId: number | null;
  cartCount: number | null;
  sessionToken: string | null;
  referredBy: string | null;
  cookieConsent: CookieConsent | null;
  devPosition: Point | null;
  dbBookmark: string | null;
}

/**
 * The shopper's cookies from a Cookie header. The header is split once (linear in its length); when a name occurs
 * more than once, the first usable value wins, as browsers send the most specific cookie first.
 */
export function readShopperCookies(header: string | null | undefined): ShopperCookies {
  const found: ShopperCookies = {
    guestId: null,
    branchId: null,
    cartCount: null,
    sessionToken: null,
    referredBy: null,
    cookieConsent: null,
    devPosition: null,
    dbBookmark: null,
  };
  if (!header) return found;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const text = pair.slice(eq + 1).trim();
    if (name === GUEST_COOKIE.name) found.guestId ??= GUEST_COOKIE.parse(text);
    else if (name === BRANCH_COOKIE.name) found.branchId ??= BRANCH_COOKIE.parse(text);
    else if (name === CART_COUNT_COOKIE.name) found.cartCount ??= CART_COUNT_COOKIE.parse(text);
    else if (name === SESSION_COOKIE.name) found.sessionToken ??= SESSION_COOKIE.parse(text);
    else if (name === REFERRAL_COOKIE.name) found.referredBy ??= REFERRAL_COOKIE.parse(text);
    else if (name === CONSENT_COOKIE.name) found.cookieConsent ??= CONSENT_COOKIE.parse(text);
    else if (name === DB_BOOKMARK_COOKIE.name) found.dbBookmark ??= DB_BOOKMARK_COOKIE.parse(text);
    else if (name === DEV_POSITION_COOKIE.name) found.devPosition ??= DEV_POSITION_COOKIE.parse(text.replace(/%2c/gi, ","));
  }
  return found;
}

/** The Set-Cookie header that stores `value` (already in the kind's format) for the kind's lifetime. */
export function setCookieHeader<T extends string | number>(kind: CookieKind<T>, value: T): string {
  return `${kind.name}=${value}; Max-Age=${kind.maxAgeSeconds}; Path=${kind.path ?? "/"}; ${ATTRIBUTES}`;
}

/** The Set-Cookie header that removes the kind's cookie. */
export function clearCookieHeader(kind: CookieKind<unknown>): string {
  return `${kind.name}=; Max-Age=0; Path=${kind.path ?? "/"}; ${ATTRIBUTES}`;
}
