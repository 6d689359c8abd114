import { resolveBranch } from "../../commerce/branch-choice";
import { newGuestId } from "../../commerce/ids";
import type { CookieConsent } from "../../commerce/plugins";
import { sessionOf } from "../accounts/sessions";
import { storeBranches } from "../branches/store-branches";
import type { Env } from "../env";
import type { Shopper } from "../shopper/shopper";
import type { Tenant } from "../tenancy/tenant";
import {
  BRANCH_COOKIE,
  CART_COUNT_COOKIE,
  CONSENT_COOKIE,
  clearCookieHeader,
  GUEST_COOKIE,
  REFERRAL_COOKIE,
  readShopperCookies,
  SESSION_COOKIE,
  setCookieHeader,
} from "./cookies";
import { visitorPosition } from "./visitor-position";

/**
 * Who a page request is for, resolved once from its cookies (a session cookie costs one D1 read, or with `fold` none
 * when this isolate knows its customer: accounts/sessions.ts sessionOf) and where they stand
 * (the store's branches come from the isolate's copy, KV or D1), and the cookies its answer sets. Pages (through the
 * load context) and the origin client read the shopper from here and nowhere else; a sign-in or sign-out within the
 * request switches who the calls after it are made as.
 *
 * A visitor who only reads gets no cookie and no cart: the guest id is minted when the first change is sent to the
 * API. A session cookie that names no open session counts as signed out and is removed. The Worker puts the cookies
 * this records (`setCookies`) on the page's answer.
 */
export async function pageShopper(request: Request, env: Env, ctx: Pick<ExecutionContext, "waitUntil">, tenant: Tenant, fold = false) {
  const cookies = readShopperCookies(request.headers.get("Cookie"));
  const pending: string[] = [];
  let cartCounted = false;
  let shopper: Shopper = { kind: "guest", guestId: cookies.guestId };
  const [session, branches] = await Promise.all([
    cookies.sessionToken === null ? undefined : sessionOf(env.DB, tenant.id, cookies.sessionToken, fold),
    storeBranches(env, ctx, tenant),
  ]);
  if (session) shopper = { kind: "customer", customerId: session.customerId, token: cookies.sessionToken! };
  else if (session === null) pending.push(clearCookieHeader(SESSION_COOKIE));
  const branch = resolveBranch(branches, cookies.branchId, visitorPosition(request, env, cookies));
  return {
    /** The branch the pages and their origin calls are for (commerce/branch-choice.ts). */
    branchId: branch.id,
    /** The shopper chose it themselves (the spec's manual_selection_done). */
    branchChosen: branch.chosen,
    /** No branch delivers where the visitor stands: the home shows the unserviceable screen. */
    unserviceable: branch.unserviceable,
    /** The nav badge's count as last set by a cart answer. */
    cartCount: cookies.cartCount ?? 0,
    /** The referral code of the last /r/{code} link opened, for /register. */
    referredBy: cookies.referredBy,
    /** The shopper's answer to the cookie banner, or null before they give one. */
    cookieConsent: cookies.cookieConsent,
    /** The shopper answered the cookie banner (kept a year, changeable on /cookie-consent). */
    answerCookieConsent(answer: CookieConsent) {
      pending.push(setCookieHeader(CONSENT_COOKIE, answer));
    },
    /** Who the shopper is now. */
    get current(): Shopper {
      return shopper;
    },
    /** Who an origin call is made as; a guest's first change mints their guest id and stores it in their cookie. */
    shopperFor(change: boolean): Shopper {
      if (change && shopper.kind === "guest" && shopper.guestId === null) {
        shopper = { kind: "guest", guestId: newGuestId() };
        pending.push(setCookieHeader(GUEST_COOKIE, shopper.guestId!));
      }
      return shopper;
    },
    /** After sign-in or registration: the calls after this are the customer's, and so is the browser from now on. */
    signIn(session: { customerId: number; token: string }) {
      shopper = { kind: "customer", customerId: session.customerId, token: session.token };
      pending.push(setCookieHeader(SESSION_COOKIE, session.token));
    },
    /** After sign-out: a guest again (a new guest, with an empty cart). */
    signOut() {
      shopper = { kind: "guest", guestId: null };
      pending.push(clearCookieHeader(SESSION_COOKIE), clearCookieHeader(GUEST_COOKIE), setCookieHeader(CART_COUNT_COOKIE, 0));
    },
    /** Keeps the badge's count in step with a cart answer; unchanged counts set no cookie. */
    setCartCount(count: number) {
      cartCounted = true;
      if (count !== cookies.cartCount) pending.push(setCookieHeader(CART_COUNT_COOKIE, count));
    },
    /** A cart answer (or a sign-in's batch) has set the badge's count in this request. */
    get cartCounted(): boolean {
      return cartCounted;
    },
    /** A friend's referral link was opened: /register fills in its code (already checked to be a code). */
    rememberReferral(code: string) {
      if (code !== cookies.referredBy) pending.push(setCookieHeader(REFERRAL_COOKIE, code));
    },
    /** Registered: the code has been used. */
    forgetReferral() {
      if (cookies.referredBy !== null) pending.push(clearCookieHeader(REFERRAL_COOKIE));
    },
    /** The shopper chose a branch (already checked to be this store's and open to shoppers): it is theirs from now on. */
    chooseBranch(branchId: number) {
      pending.push(setCookieHeader(BRANCH_COOKIE, branchId));
    },
    /** The Set-Cookie headers the answer must carry. */
    setCookies(): readonly string[] {
      return pending;
    },
  };
}

export type PageShopper = Awaited<ReturnType<typeof pageShopper>>;
