import { useRouteLoaderData } from "@remix-run/react";
import { hc } from "hono/client";
import { useCallback } from "react";
import { DEFAULT_BRANCH_ID } from "../commerce/branch-choice";
import type { ApiType } from "../worker/api";
import type { RootData } from "./route-data";

/**
 * The API as the page's own scripts call it: same origin, the XHR-marking header and the shopper's `branch_id` on every
 * call (decision 064 lists the calls). Typed by the same route table, so no answer is cast. The shopper
 * is known to the API by their cookies' identity only through pages; calls from here are the ones that need none
 * (places, branches, cache markers).
 */
export function browserOrigin(branchId: number) {
  return hc<ApiType>(window.location.origin, {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      url.searchParams.set("branch_id", String(branchId));
      return fetch(url, { ...init, credentials: "same-origin" });
    },
  });
}

/**
 * The browser's origin client for the shopper's branch (`origin().api[...]`),
 * made when first called: pages also render on the server, where there is no window to call from.
 */
export function useBrowserOrigin() {
  const branchId = useRouteLoaderData<RootData>("root")?.branch.id ?? DEFAULT_BRANCH_ID;
  return useCallback(() => browserOrigin(branchId), [branchId]);
}
