import * as z from "../../commerce/zod";

/**
 * A store file field that holds JSON of the owner's own shape (a layout element's settings): any JSON, within bounds.
 * Without them a value nested thousands deep was kept and broke every later read of the store's data (each reader that
 * walks JSON recursively runs out of stack), and a large one would ride along on every page's data.
 */
export const JSON_FIELD_MAX_DEPTH = 8;
export const JSON_FIELD_MAX_BYTES = 16 * 1024;

/** How deep `value` nests (a scalar is 0, `{}` is 1), walked without recursion so the check cannot overflow itself. */
export function jsonDepth(value: unknown, stopAt: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** A JSON object field of at most JSON_FIELD_MAX_DEPTH levels and JSON_FIELD_MAX_BYTES bytes as JSON. */
export const boundedJsonObject = z.record(z.string(), z.unknown()).check(
  z.superRefine((value, ctx) => {
    if (jsonDepth(value, JSON_FIELD_MAX_DEPTH) > JSON_FIELD_MAX_DEPTH) {
      ctx.addIssue({ code: "custom", message: `must nest at most ${JSON_FIELD_MAX_DEPTH} levels deep` });
      return;
    }
    if (new TextEncoder().encode(JSON.stringify(value)).byteLength > JSON_FIELD_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: `must be at most ${JSON_FIELD_MAX_BYTES / 1024} KB as JSON` });
    }
  }),
);
