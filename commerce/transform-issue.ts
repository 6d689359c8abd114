import type * as z from "zod/mini";

/**
 * A refusal from inside a transform. zod/mini hands a transform the parse payload, without the classic API's
 * `ctx.addIssue`; this adds the issue as that did: a custom issue about the value at hand. `params`: the values its
 * message id names (commerce/i18n/message.ts `issueId`).
 */
export function addIssue(
  payload: z.core.ParsePayload,
  issue: { message: string; path?: PropertyKey[]; params?: Record<string, string | number> },
): void {
  payload.issues.push({ code: "custom", input: payload.value, ...issue });
}
