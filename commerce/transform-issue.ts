import type * as z from "zod/mini";

/**
 * A refusal from inside a transform. zod/mini hands a transform the parse payload, without the classic API's
 * `ctx.addIssue`; this adds the issue as that did: a custom issue about the value at hand.
 */
export function addIssue(payload: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[] }): void {
  payload.issues.push({ code: "custom", input: payload.value, ...issue });
}
