import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { DEFAULT_BRANCH_ID } from "../api/branch-middleware";
import type { AppEnv } from "../env";
import type { OriginIdentity } from "../origin/origin-client";

const GUEST_COOKIE = "guest_id";
const BRANCH_COOKIE = "branch_id";
const GUEST_ID = /^[0-9a-f]{32}$/;
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function newGuestId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Who a page request is for: the selected branch (cookie, else the default) and the guest id. A shopper
 * without one gets a random 128-bit guest id in an HttpOnly cookie, so a cart can follow them.
 */
export function shopperIdentity(c: Context<AppEnv>): OriginIdentity {
  const branchCookie = getCookie(c, BRANCH_COOKIE);
  const branchId = branchCookie && /^[1-9]\d{0,9}$/.test(branchCookie) ? Number(branchCookie) : DEFAULT_BRANCH_ID;
  let guestId = getCookie(c, GUEST_COOKIE);
  if (!guestId || !GUEST_ID.test(guestId)) {
    guestId = newGuestId();
    setCookie(c, GUEST_COOKIE, guestId, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: ONE_YEAR_SECONDS });
  }
  return { branchId, guestId };
}
