import { asksToSaveData } from "../../web/save-data";
import { framedRequest } from "../http/framed";
import type { Tenant } from "../tenancy/tenant";
import type { PageShopper } from "../visitor/page-shopper";

/**
 * The key of an anonymous visitor's page in the page cache, or null when the request must be rendered for its shopper.
 *
 * Only a visitor with nothing of their own qualifies: a guest without a guest id (so no cart and no wishlist), a badge
 * of 0, no session, and no cookie the answer would have to set. What still differs between such visitors is in the
 * key, and is nobody's own: the store (host), the address (path and query, so `.data` answers have their own), the
 * branch the page is for with how it was chosen, the answer to the cookie banner, whether it is a frame's, whether it asked to save data (its page
 * carries no Speculation Rules, decision 069), the store's cache markers (an
 * import bumps them, so its change shows on the next request), and the build (a deploy brings new asset names).
 */
export function anonymousPageKey(request: Request, tenant: Tenant, shopper: PageShopper, buildVersion: string): string | null {
  if (request.method !== "GET") return null;
  const who = shopper.current;
  if (who.kind !== "guest" || who.guestId !== null || shopper.cartCount !== 0 || shopper.setCookies().length > 0) return null;
  const branch = `${shopper.branchId}${shopper.branchChosen ? "c" : ""}${shopper.unserviceable ? "u" : ""}`;
  return [
    addressOf(request),
    `b${branch}`,
    `c${shopper.cookieConsent ?? "-"}`,
    // A framed page is another page (the owner's preview frames the real home, not the preview home).
    `f${framedRequest(request) ? 1 : 0}`,
    // A page for a shopper saving data leaves out the Speculation Rules (decision 069): each kind is kept apart.
    `d${asksToSaveData(request.headers) ? 1 : 0}`,
    markersOf(tenant),
    `v${buildVersion}`,
  ].join("|");
}

/**
 * The key of a page's markdown or the store's llms.txt (decision 091): its format in second place, where an HTML page's
 * key has its branch (`b…`), so neither format's key is ever the other's. It is the same for every visitor, whoever
 * they are and wherever they stand (the branch is the address's `branch_id`, else the store's default), so only the
 * address, the store's markers and the build tell one from another.
 */
export function textPageKey(request: Request, tenant: Tenant, buildVersion: string): string {
  return [addressOf(request), "markdown", markersOf(tenant), `v${buildVersion}`].join("|");
}

/** Host, path and query: `.data` answers and every query have their own. */
function addressOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.host}${url.pathname}${url.search}`;
}

const markersOf = ({ markers: m }: Tenant) => `s${m.settings}.l${m.layouts}.b${m.branches}.p${m.products}`;
