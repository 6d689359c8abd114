import { hc } from "hono/client";
import type { ApiType } from "../api";
import { readerCopy } from "../cache/marked-answer";
import type { Shopper } from "../shopper/shopper";
import { shopperHeaders } from "../shopper/shopper";
import type { Transport } from "./transports";

export type OriginClient = ReturnType<typeof hc<ApiType>>;

/** Who is asking, sent on every origin call as the spec's section 7 says (the pages' `PageShopper` is one). */
export interface OriginIdentity {
  /** The selected branch, else the default branch. */
  readonly branchId: number;
  /**
   * Who a call is made as, asked for each call, so a sign-in within a request makes the calls after it as the
   * customer. `change` is true for a call that writes: a guest without an id gets one then.
   */
  shopperFor(change: boolean): Shopper;
}

/**
 * The typed client every loader and action uses to reach the origin API (in-process, decision 002). This adds
 * what every call carries and shares identical GETs made while rendering one page as the same shopper.
 */
export function createOriginClient(
  baseUrl: string,
  identity: OriginIdentity,
  transport: Transport,
  /** The visitor's address as Cloudflare saw it: the API counts guesses per client, not per page Worker. */
  clientAddress: string | null = null,
): OriginClient {
  const inFlight = new Map<string, Promise<Response>>();
  const send = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.searchParams.set("branch_id", String(identity.branchId));
    const shopper = identity.shopperFor(request.method !== "GET");
    const headers = new Headers(request.headers);
    headers.set("X-Requested-With", "XMLHttpRequest");
    if (clientAddress) headers.set("CF-Connecting-IP", clientAddress);
    for (const [name, value] of Object.entries(shopperHeaders(shopper))) headers.set(name, value);
    const outgoing = new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" });
    if (outgoing.method !== "GET") return Promise.resolve(transport(outgoing, shopper));
    const key = `${JSON.stringify(shopperHeaders(shopper))} ${url}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = Promise.resolve(transport(outgoing, shopper));
      inFlight.set(key, pending);
    }
    return pending.then(readerCopy);
  };
  return hc<ApiType>(baseUrl, { fetch: send });
}
