import { hc } from "hono/client";
import type { ApiType } from "../../worker/api";

/**
 * The origin API from the browser, for widgets that load more after the page (infinite scroll). Same
 * contract as the loaders' client: the XHR header, branch_id, and the guest id in its HttpOnly cookie.
 */
export function browserOrigin(branchId: number) {
  return hc<ApiType>(window.location.origin, {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      url.searchParams.set("branch_id", String(branchId));
      return fetch(url, { ...init, credentials: "same-origin" });
    },
  });
}
