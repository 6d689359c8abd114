import type { Context, TypedResponse } from "hono";
import type { Marked } from "./marked-cache";

/** Answers made from a cached value, with that value: a page reading one in-process need not parse its text. */
const parsedAnswers = new WeakMap<Response, unknown>();

/**
 * Answers a cached value with its JSON text as it is, without serialising it again. Typed as `c.json(value)` would
 * be, so the typed client's view of the answer stays exact.
 */
export function answerMarked<T>(c: Context, marked: Marked<T>): TypedResponse<T, 200, "json"> {
  const response = c.body(marked.text, 200, { "Content-Type": "application/json; charset=UTF-8" });
  parsedAnswers.set(response, marked.value);
  return response as unknown as TypedResponse<T, 200, "json">;
}

/**
 * One reader's copy of an in-process answer. A copy of an answer made from a cached value reads (`json()`) as that
 * value, parsed once when it was cached and frozen, so every reader shares it and none can change it.
 */
export function readerCopy(response: Response): Response {
  const copy = response.clone();
  if (parsedAnswers.has(response)) {
    const value = parsedAnswers.get(response);
    copy.json = () => Promise.resolve(value);
  }
  return copy;
}
