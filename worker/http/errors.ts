import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Translate } from "../../commerce/i18n/catalogue";
import { isMessage, type Message, message, say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { type InterfaceLanguage, SOURCE_LANGUAGE } from "../../commerce/languages";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { AppEnv } from "../app-env";
import { SessionEndedError } from "../db/session-gate";
import { isStoreMoving, STORE_MOVING_RETRY_SECONDS } from "../placement/store-moving";

/** The one JSON error shape of /api: a code for programs and a message for people. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

/** A field's problem before it is put into words: a message, or zod's own English for a check without one of ours. */
export interface ApiIssue {
  path: string;
  message: Message | string;
}

/**
 * A text the catalogues do not hold, answered as it is: the store importer's and the store mover's own findings, for
 * the store's owner and the platform's operator, in English wherever they are asked (`verbatim(error.message)`).
 */
export interface Verbatim {
  verbatim: string;
}

export const verbatim = (text: string): Verbatim => ({ verbatim: text });

/**
 * A refusal: `code` for programs, `text` for people (null: its issues, each named by its field), put into words in the
 * caller's language where it is answered (`errorAnswer`). `message` is its English, for logs.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly text: Message | Verbatim | null,
    readonly issues?: readonly ApiIssue[],
    /** Headers the error answer carries, such as a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(textOf(translatorOf(SOURCE_LANGUAGE), text, issues ?? []));
    this.name = "ApiError";
  }
}

const issueText = (t: Translate, issue: ApiIssue): string => (isMessage(issue.message) ? say(t, issue.message) : issue.message);

/** The refusal's text in `t`'s language; without one, its issues: "branch_id: must be a positive whole number; …". */
function textOf(t: Translate, text: Message | Verbatim | null, issues: readonly ApiIssue[]): string {
  if (text) return "verbatim" in text ? text.verbatim : say(t, text);
  return issues
    .map((issue) => (issue.path ? t("errors.field_problem", { path: issue.path, problem: issueText(t, issue) }) : issueText(t, issue)))
    .join("; ");
}

/** The one 429: the spec's toast text, and how long to wait before trying again. */
export function tooManyRequests(retryAfterSeconds: number): never {
  throw new ApiError(429, "too_many_requests", message(TOO_MANY_REQUESTS), undefined, { "Retry-After": String(retryAfterSeconds) });
}

/** The one answer for an order this caller may not see: unknown, another customer's, or another store's alike. */
export function orderNotFound(): never {
  throw new ApiError(404, "order_not_found", message("errors.order_not_found"));
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  body: ApiErrorBody,
  headers: Record<string, string> = {},
): Response {
  return c.json(body, status, { ...headers, "Cache-Control": "no-store" });
}

export const SESSION_ENDED = message("errors.session_ended");

/**
 * A failure as the API answers it, in `language` (the caller's, resolved once per request: `c.var.language`, a page's
 * `OriginContext.language`): its status, the one error shape and the headers; null for an unknown failure.
 */
export function errorAnswer(
  error: unknown,
  language: InterfaceLanguage,
): { status: ContentfulStatusCode; body: ApiErrorBody; headers?: Record<string, string> } | null {
  const t = translatorOf(language);
  // A page's folded session that had ended (decision 056): its calls ran nothing, and the caller is signed out.
  if (error instanceof SessionEndedError) return { status: 401, body: { code: "unauthenticated", message: say(t, SESSION_ENDED) } };
  if (error instanceof ApiError) {
    const issues = error.issues?.map((issue) => ({ path: issue.path, message: issueText(t, issue) }));
    const body = { code: error.code, message: textOf(t, error.text, error.issues ?? []), ...(issues ? { issues } : {}) };
    return { status: error.status, body, headers: error.headers };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return {
      status,
      body: { code: status === 413 ? "payload_too_large" : "bad_request", message: honoRefusalText(error, language, t) },
    };
  }
  // A write while the store moves between databases (decision 061): refused whole, to be sent again.
  if (isStoreMoving(error)) {
    return {
      status: 503,
      body: { code: "store_moving", message: t("errors.store_moving") },
      headers: { "Retry-After": String(STORE_MOVING_RETRY_SECONDS) },
    };
  }
  return null;
}

/** Hono's own refusals that the catalogues hold, by Hono's English (its validator's, for a body it cannot parse). */
const HONO_REFUSALS: Readonly<Record<string, "errors.malformed_json">> = { "Malformed JSON in request body": "errors.malformed_json" };

/**
 * A refusal Hono made itself, in the caller's language. Any other text of Hono's carries a parser's own English detail
 * (an unreadable form's): an English caller reads it as before, any other caller the general refusal in their words.
 */
function honoRefusalText(error: HTTPException, language: InterfaceLanguage, t: Translate): string {
  const known = Object.hasOwn(HONO_REFUSALS, error.message) ? HONO_REFUSALS[error.message] : undefined;
  if (known) return t(known);
  return language === SOURCE_LANGUAGE && error.message ? error.message : t("errors.bad_request");
}

const internalError = (language: InterfaceLanguage): ApiErrorBody => ({
  code: "internal_error",
  message: translatorOf(language)("errors.internal"),
});

/** The language an HTTP call is answered in: the one its middleware resolved, or the source's before any was (no store). */
export const callerLanguage = (c: Context<AppEnv>): InterfaceLanguage => c.var.language ?? SOURCE_LANGUAGE;

/** Turns every failure into the error shape, in the caller's language; unknown errors are logged and answered without detail. */
export function onApiError(error: Error, c: Context<AppEnv>): Response {
  const answer = errorAnswer(error, callerLanguage(c));
  if (answer) return errorResponse(c, answer.status, answer.body, answer.headers);
  console.error("api error", c.req.method, c.req.path, error);
  return errorResponse(c, 500, internalError(callerLanguage(c)));
}

/**
 * A failure of an operation a page called in-process (decision 066), as the page's loader throws it: the route's error
 * boundary shows the message, an unknown record is the 404 page, and any failure of the store's own is a 502. The
 * same statuses and messages the page read from the API's answers when it called the API over a Request.
 */
export function pageFailure(error: unknown, operation: string, language: InterfaceLanguage): Response {
  const answer = errorAnswer(error, language);
  if (!answer) console.error("api error", operation, error);
  const { status, body, headers } = answer ?? { status: 500, body: internalError(language) };
  return new Response(body.message, { status: status >= 500 ? 502 : status, headers });
}

export function apiNotFound(c: Context<AppEnv>): Response {
  const t = translatorOf(callerLanguage(c));
  return errorResponse(c, 404, { code: "not_found", message: t("errors.no_api_route", { method: c.req.method, path: c.req.path }) });
}
