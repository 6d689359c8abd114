import type * as z from "zod/mini";
import { issueMessage } from "../commerce/i18n/issue-message";
import { say } from "../commerce/i18n/message";
import { translatorOf } from "../commerce/i18n/translators";
import { FORM_TOO_LARGE, FORM_UNREADABLE } from "../commerce/messages";
import { declaredLength, PLAIN_FORM_LIMIT_BYTES, readBodyAtMost } from "./bounded-body";
import { pageLanguageOfRequest } from "./page-request-language";

/**
 * The one way a page action reads its body, the storefront's (app/) and the owner's desk's (worker/desk/) alike. It refuses, as a readable error page, what no form of ours sends: a
 * body past the size limit (413, whether or not its length was declared), a Content-Type other than a form's, a body
 * that does not parse, or more fields than any form has (400). Parsing is linear in the body. What remains is
 * validated by the form's zod schema, whose messages are for the shopper: a message id (`issueId`, as the API's
 * shared schemas write them) is put into words in the page's language, which the Worker puts on the request.
 */

/** More fields than any form of ours has (the add-to-cart form with every add-on ticked has a few dozen). */
const MAX_FIELDS = 500;

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/**
 * A form's fields by name. A name ending in `[]` (`selected_multi_attributes[7][]`) collects every value in order;
 * any other name has its first value, as `FormData.get` gives it. The object has no prototype, so a field named
 * `__proto__` or `constructor` is only a field.
 */
export type FormFields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

export interface FormReadOptions {
  /** The limit of a multipart body (a form with files); urlencoded forms are always held to PLAIN_FORM_LIMIT_BYTES. */
  maxBytes?: number;
  /** Accept multipart/form-data, for a form with a file input. */
  files?: boolean;
  /**
   * The shopper's words for what the schema refuses, where the schema's own are meant for programs: a schema shared
   * with the API (decision 066) keeps the API's messages, and the form says its own.
   */
  messages?: z.core.$ZodErrorMap;
}

/** A refusal has the first problem's message, and each field's own message by the field's name. */
export type FormResult<T> = { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> };

function refuse(request: Request, status: 400 | 413): never {
  const t = translatorOf(pageLanguageOfRequest(request));
  throw new Response(t(status === 413 ? FORM_TOO_LARGE : FORM_UNREADABLE), {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The body's bytes, refused (413) past `maxBytes` whether or not the client declared its length. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredLength(request.headers) === "malformed") refuse(request, 400);
  if (!request.body) return new Uint8Array(0);
  // A declared length past the limit is refused all the same, once the body is read (web/bounded-body.ts).
  const body = await readBodyAtMost(request.body, maxBytes).catch(() => refuse(request, 400));
  return body ?? refuse(request, 413);
}

async function entriesOf(request: Request, options: FormReadOptions): Promise<Iterable<[string, FormDataEntryValue]>> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (mediaType !== URLENCODED && !(options.files && mediaType === MULTIPART)) refuse(request, 400);
  // Only a form with files may be larger than a plain one.
  const body = await readBody(request, mediaType === MULTIPART ? (options.maxBytes ?? PLAIN_FORM_LIMIT_BYTES) : PLAIN_FORM_LIMIT_BYTES);
  if (mediaType === URLENCODED) {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(body, { stream: false });
    return new URLSearchParams(text);
  }
  return new Response(body, { headers: { "Content-Type": contentType } }).formData();
}

/** The request's form fields; throws a 400 or 413 Response (the route's error page) for a body no form sends. */
export async function readFormFields(request: Request, options: FormReadOptions = {}): Promise<FormFields> {
  let entries: Iterable<[string, FormDataEntryValue]>;
  try {
    entries = await entriesOf(request, options);
  } catch (error) {
    if (error instanceof Response) throw error;
    refuse(request, 400); // invalid UTF-8, or a multipart body that does not parse
  }
  const fields: FormFields = Object.create(null);
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > MAX_FIELDS) refuse(request, 413);
    if (name.endsWith("[]")) {
      const list = fields[name];
      if (Array.isArray(list)) list.push(value);
      else fields[name] = [value];
    } else if (!(name in fields)) {
      fields[name] = value;
    }
  }
  return fields;
}

/**
 * Reads the request's form and validates it with the form's schema: the data, or the first problem's message
 * for the shopper (the route answers it beside the form). Bodies no form sends are refused as readFormFields says.
 */
export async function readForm<T>(request: Request, schema: z.ZodMiniType<T>, options: FormReadOptions = {}): Promise<FormResult<T>> {
  const parsed = schema.safeParse(await readFormFields(request, options), options.messages ? { error: options.messages } : undefined);
  if (parsed.success) return { ok: true, data: parsed.data };
  const t = translatorOf(pageLanguageOfRequest(request));
  const words = (issue: (typeof parsed.error.issues)[number]) => {
    const text = issueMessage(issue);
    return typeof text === "string" ? text : say(t, text);
  };
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path, message: words(issue) }));
  return { ok: false, message: issues[0]?.message ?? t(FORM_UNREADABLE), fields: fieldMessages(issues) };
}

/** Each field's first problem, by the field's name (the first part of the problem's path). */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = typeof issue.path === "string" ? issue.path.split(".")[0] : issue.path[0];
    if (typeof name === "string" && name !== "") fields[name] ??= issue.message;
  }
  return fields;
}
