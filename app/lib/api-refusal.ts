import type { ApiErrorBody } from "../../worker/http/errors";

/** What a refused API call said, as far as it said it: the one error shape's fields that are there and well formed. */
export type ApiRefusal = Partial<ApiErrorBody>;

const isIssue = (value: unknown): value is { path: string; message: string } =>
  typeof value === "object" &&
  value !== null &&
  "path" in value &&
  typeof value.path === "string" &&
  "message" in value &&
  typeof value.message === "string";

/**
 * Reads a failed answer's body as the API's error shape, checked field by field rather than trusted: anything else (a
 * proxy's HTML page, a truncated body) reads as an empty refusal, and the caller says something general.
 */
export async function refusalOf(response: { json(): Promise<unknown> }): Promise<ApiRefusal> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== "object" || body === null) return {};
  const refusal: ApiRefusal = {};
  if ("code" in body && typeof body.code === "string") refusal.code = body.code;
  if ("message" in body && typeof body.message === "string") refusal.message = body.message;
  if ("issues" in body && Array.isArray(body.issues)) refusal.issues = body.issues.filter(isIssue);
  return refusal;
}
