import { DEFAULT_BRANCH_ID } from "./branch";
import { CART_COUNT_COOKIE, GUEST_COOKIE, readShopperCookies, setCookieHeader } from "./cookies";

/** 128 random bits as 32 lowercase hex digits. */
function newGuestId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Who a page request is for, read once from its cookies, and the cookies its answer sets. Pages (through the load
 * context) and the origin client read the shopper from here and nowhere else.
 *
 * A visitor who only reads gets no cookie and no cart: the guest id is minted when the first change is sent to the
 * API (`guestIdForChange`). The Worker puts the cookies this records (`setCookies`) on the page's answer.
 */
export function pageShopper(request: Request) {
  const cookies = readShopperCookies(request.headers.get("Cookie"));
  let guestId = cookies.guestId;
  const pending: string[] = [];
  const setCookie = (header: string) => pending.push(header);
  return {
    /** The branch the shopper chose, else the default. */
    branchId: cookies.branchId ?? DEFAULT_BRANCH_ID,
    /** The nav badge's count as last set by a cart answer. */
    cartCount: cookies.cartCount ?? 0,
    /** The guest id, or null for a visitor who has changed nothing yet. */
    guestId(): string | null {
      return guestId;
    },
    /** The guest id a change is made as: the shopper's, or a new one stored in their cookie. */
    guestIdForChange(): string {
      if (guestId === null) {
        guestId = newGuestId();
        setCookie(setCookieHeader(GUEST_COOKIE, guestId));
      }
      return guestId;
    },
    /** Keeps the badge's count in step with a cart answer; unchanged counts set no cookie. */
    setCartCount(count: number) {
      if (count !== cookies.cartCount) setCookie(setCookieHeader(CART_COUNT_COOKIE, count));
    },
    /** The Set-Cookie headers the answer must carry. */
    setCookies(): readonly string[] {
      return pending;
    },
  };
}

export type PageShopper = ReturnType<typeof pageShopper>;
