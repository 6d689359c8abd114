import { cartOf, recommendedFor } from "../api/cart";
import { pagesOf, storeDataOf } from "../api/content";
import type { OriginContext } from "../api/origin-context";
import { errorAnswer, pageFailure } from "../http/errors";
import { accountOperations } from "./operations/accounts";
import { cartChangeOperations } from "./operations/cart-changes";
import { catalogueOperations } from "./operations/catalogue";
import { orderOperations } from "./operations/orders";
import { placeOperations } from "./operations/places";
import { type RequestReads, readsOfOneRequest } from "./operations/read-once";

/** A refused operation as a page shows it in place: the API's status, its one error shape and a 429's wait. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  /** Seconds, from the refusal's Retry-After (a 429, a store moving between databases). */
  retryAfter?: string;
}

/** What `attempt` answers: the operation's answer, or the refusal the page shows in place. */
export type Attempt<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

/** Every operation a page calls, each the function its Hono route calls; failures are thrown as the API throws them. */
function operations(o: OriginContext, reads: RequestReads) {
  return {
    /** GET /api/get-data */
    storeData: () => reads.read("get-data", [], async () => (await storeDataOf(o)).value),
    /** GET /api/get-pages */
    pages: () => reads.read("get-pages", [], async () => (await pagesOf(o)).value),
    /** GET /api/get-cart */
    cart: () => reads.read("get-cart", [], () => cartOf(o)),
    /** GET /api/get-cart-recommended-products */
    recommended: () => reads.read("get-cart-recommended-products", [], () => recommendedFor(o)),
    ...catalogueOperations(o, reads),
    ...cartChangeOperations(o, reads),
    ...accountOperations(o, reads),
    ...orderOperations(o, reads),
    ...placeOperations(o, reads),
  };
}

type Operations = ReturnType<typeof operations>;
type Thrown<F> = F extends (...args: infer A) => Promise<infer T> ? (...args: A) => Promise<T> : never;
type Attempted<F> = F extends (...args: infer A) => Promise<infer T> ? (...args: A) => Promise<Attempt<T>> : never;
type PageOperations = { [K in keyof Operations]: Thrown<Operations[K]> };
type AttemptedOperations = { [K in keyof Operations]: Attempted<Operations[K]> };

/** A failure the API knows as the page shows it in place; anything else is the store's own failure, the error page. */
function refusalOf(error: unknown, operation: string, o: OriginContext): { ok: false } & Refusal {
  const answer = errorAnswer(error, o.language);
  if (!answer) throw pageFailure(error, operation, o.language);
  const retryAfter = answer.headers?.["Retry-After"];
  return { ok: false, status: answer.status, ...answer.body, ...(retryAfter ? { retryAfter } : {}) };
}

/**
 * The origin's operations a page calls as functions (decision 066): the same operations, inputs and answers as their
 * `/api` routes, run with the store, branch and shopper the Worker already resolved for the page, so no Request is
 * built, no middleware runs again and no JSON is written or read. Cached answers come as the kept value itself, frozen.
 *
 * `origin.x(input)` answers or throws the failure as the `Response` a loader throws (`pageFailure`: the route's error
 * boundary shows the API's message, a record not found is the 404 page, the store's own failure a 502);
 * `origin.attempt.x(input)` answers a refusal as a value, for a form that says it in place.
 */
export function pageOrigin(o: OriginContext) {
  const raw = operations(o, readsOfOneRequest(o));
  const thrown = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const attempted = {} as Record<string, (...args: unknown[]) => Promise<Attempt<unknown>>>;
  for (const [name, run] of Object.entries(raw) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    thrown[name] = async (...args) => {
      try {
        return await run(...args);
      } catch (error) {
        throw pageFailure(error, name, o.language);
      }
    };
    attempted[name] = async (...args) => {
      try {
        return { ok: true, value: await run(...args) };
      } catch (error) {
        return refusalOf(error, name, o);
      }
    };
  }
  return { ...(thrown as PageOperations), attempt: attempted as AttemptedOperations };
}

export type PageOrigin = ReturnType<typeof pageOrigin>;
