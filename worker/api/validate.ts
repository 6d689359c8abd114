import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { ApiError } from "./errors";

/** zod validation for an API input; a failure becomes a 400 in the one error shape, naming each field. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
      throw new ApiError(400, "invalid_input", issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; "), issues);
    }
  });
}
