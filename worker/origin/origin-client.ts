import { hc } from "hono/client";
import type { ApiType } from "../api";

export type OriginClient = ReturnType<typeof hc<ApiType>>;

/** Who is asking, sent on every origin call as the spec's section 7 says (the pages' `PageShopper` is one). */
export interface OriginIdentity {
  /** The selected branch, else the default branch. */
  readonly branchId: number;
  /** The shopper's guest id for reads: null when there is none yet (the API then answers as for a new visitor). */
  guestId(): string | null;
  /** The guest id for a change, minted on the shopper's first change. */
  guestIdForChange(): string;
}

/**
 * The typed client every loader and action uses to reach the origin API. `transport` decides where calls
 * go (the built-in API in-process, or an external origin over HTTP); this adds what every call carries and
 * shares identical GETs made while rendering one page.
 */
export function createOriginClient(
  baseUrl: string,
  identity: OriginIdentity,
  transport: (request: Request) => Response | Promise<Response>,
): OriginClient {
  const inFlight = new Map<string, Promise<Response>>();
  const send = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.searchParams.set("branch_id", String(identity.branchId));
    const headers = new Headers(request.headers);
    headers.set("X-Requested-With", "XMLHttpRequest");
    const guestId = request.method === "GET" ? identity.guestId() : identity.guestIdForChange();
    if (guestId !== null) headers.set("guest-id", guestId);
    const outgoing = new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" });
    if (outgoing.method !== "GET") return Promise.resolve(transport(outgoing));
    const key = url.toString();
    let pending = inFlight.get(key);
    if (!pending) {
      pending = Promise.resolve(transport(outgoing));
      inFlight.set(key, pending);
    }
    return pending.then((response) => response.clone());
  };
  return hc<ApiType>(baseUrl, { fetch: send });
}
