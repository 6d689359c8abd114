import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import { SessionEndedError } from "../db/session-gate";
import { isStoreMoving, STORE_MOVING_MESSAGE, STORE_MOVING_RETRY_SECONDS } from "../placement/store-moving";

/** The one JSON error shape of /api: a code for programs and a message for people. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
    /** Headers the error answer carries, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The one 429: the spec's toast text, and how long to wait before trying again. */
export function tooManyRequests(retryAfterSeconds: number): never {
  throw new ApiError(429, "too_many_requests", TOO_MANY_REQUESTS, undefined, { "Retry-After": String(retryAfterSeconds) });
}

/** The one answer for an order this caller may not see: unknown, another customer's, or another store's alike. */
export function orderNotFound(): never {
  throw new ApiError(404, "order_not_found", "We could not find this order.");
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  body: ApiErrorBody,
  headers: Record<string, string> = {},
): Response {
  return c.json(body, status, { ...headers, "Cache-Control": "no-store" });
}

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/** A failure as the API answers it: its status, the one error shape and the headers; null for an unknown failure. */
export function errorAnswer(error: unknown): { status: ContentfulStatusCode; body: ApiErrorBody; headers?: Record<string, string> } | null {
  // A page's folded session that had ended (decision 056): its calls ran nothing, and the caller is signed out.
  if (error instanceof SessionEndedError) return { status: 401, body: { code: "unauthenticated", message: SESSION_ENDED } };
  if (error instanceof ApiError) {
    const body = { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
    return { status: error.status, body, headers: error.headers };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return { status, body: { code: status === 413 ? "payload_too_large" : "bad_request", message: error.message || "Bad request" } };
  }
  // A write while the store moves between databases (decision 061): refused whole, to be sent again.
  if (isStoreMoving(error)) {
    return {
      status: 503,
      body: { code: "store_moving", message: STORE_MOVING_MESSAGE },
      headers: { "Retry-After": String(STORE_MOVING_RETRY_SECONDS) },
    };
  }
  return null;
}

const INTERNAL_ERROR: ApiErrorBody = { code: "internal_error", message: "Something went wrong. Please try again." };

/** Turns every failure into the error shape; unknown errors are logged and answered without detail. */
export function onApiError(error: Error, c: Context): Response {
  const answer = errorAnswer(error);
  if (answer) return errorResponse(c, answer.status, answer.body, answer.headers);
  console.error("api error", c.req.method, c.req.path, error);
  return errorResponse(c, 500, INTERNAL_ERROR);
}

/**
 * A failure of an operation a page called in-process (decision 066), as the page's loader throws it: the route's error
 * boundary shows the message, an unknown record is the 404 page, and any failure of the store's own is a 502. The
 * same statuses and messages the page read from the API's answers when it called the API over a Request.
 */
export function pageFailure(error: unknown, operation: string): Response {
  const answer = errorAnswer(error);
  if (!answer) console.error("api error", operation, error);
  const { status, body, headers } = answer ?? { status: 500, body: INTERNAL_ERROR };
  return new Response(body.message, { status: status >= 500 ? 502 : status, headers });
}

export function apiNotFound(c: Context): Response {
  return errorResponse(c, 404, { code: "not_found", message: `No API route ${c.req.method} ${c.req.path}` });
}
