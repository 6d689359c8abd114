import type { Context, TypedResponse } from "hono";
import type { Marked } from "./marked-cache";

/**
 * Answers a cached value with its JSON text as it is, without serialising it again. Typed as `c.json(value)` would
 * be, so the typed client's view of the answer stays exact.
 */
export function answerMarked<T>(c: Context, marked: Marked<T>): TypedResponse<T, 200, "json"> {
  return c.body(marked.text, 200, { "Content-Type": "application/json; charset=UTF-8" }) as unknown as TypedResponse<T, 200, "json">;
}
