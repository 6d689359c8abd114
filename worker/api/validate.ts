import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { ApiError } from "./errors";

/** What a call reads, as its validator declares it: docs/api.md is generated from these (scripts/api-docs/). */
export interface DeclaredInput {
  target: keyof ValidationTargets;
  schema: ZodType;
}

/**
 * zod validation for an API input; a failure becomes a 400 in the one error shape, naming each field. The middleware
 * carries its schema, so the documentation is read from the same route table and schemas that serve the calls.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
      throw new ApiError(400, "invalid_input", issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; "), issues);
    }
  });
  const input: DeclaredInput = { target, schema };
  return Object.assign(middleware, { input });
}

/** The input a route's handler declares, if it is a validator made by `validate`. */
export function declaredInput(handler: unknown): DeclaredInput | undefined {
  return (handler as { input?: DeclaredInput } | null)?.input;
}
