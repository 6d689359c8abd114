import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * Sends one request to the store's own API in the Worker (the same Hono app as `/api` over HTTP), carrying the outer
 * request's host, client address and language: what the agents' module is given, never a database.
 */
export type CallApi = (path: string, init?: RequestInit) => Promise<Response>;

/** What the store's API needs of the outer request to answer as it would over HTTP: the store, the client, the language. */
const PASSED_HEADERS = ["host", "cf-connecting-ip", "accept-language"] as const;

/**
 * The store's API as the agents' module reaches it (decision 089): a request to `/api` dispatched in this Worker, as an
 * HTTP client's would be, with only the outer request's host, client address and language. The outer request's own
 * headers (a session, a cookie, a key) never reach it.
 */
export function inWorkerApi(c: Context<AppEnv>, dispatch: (request: Request) => Promise<Response>): CallApi {
  return (path, init) => {
    const headers = new Headers(init?.headers);
    for (const name of PASSED_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    return dispatch(new Request(new URL(path, c.req.url), { ...init, headers }));
  };
}
