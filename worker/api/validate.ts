import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType, z } from "zod";
import { ApiError } from "../http/errors";

/** What a call reads, as its validator declares it: docs/api.md is generated from these (scripts/api-docs/). */
export interface DeclaredInput {
  target: keyof ValidationTargets;
  schema: ZodType;
}

/** A failed parse as the API answers it: a 400 in the one error shape, naming each field. */
function invalidInput(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): never {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  throw new ApiError(400, "invalid_input", issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; "), issues);
}

/**
 * An operation's input parsed by its route's own schema, for a page's call that runs no validator (decision 066): the
 * same coercion and the same 400 as the HTTP transport's `validate`, so the two cannot take different inputs.
 */
export function parseInput<Schema extends ZodType>(schema: Schema, value: z.input<Schema>): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) invalidInput(result.error);
  return result.data;
}

/**
 * zod validation for an API input; a failure becomes a 400 in the one error shape, naming each field. The middleware
 * carries its schema, so the documentation is read from the same route table and schemas that serve the calls.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) invalidInput(result.error);
  });
  const input: DeclaredInput = { target, schema };
  return Object.assign(middleware, { input });
}

/** The input a route's handler declares, if it is a validator made by `validate`. */
export function declaredInput(handler: unknown): DeclaredInput | undefined {
  return (handler as { input?: DeclaredInput } | null)?.input;
}
