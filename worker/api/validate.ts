import type { Env, MiddlewareHandler, ValidationTargets } from "hono";
import { type InferInput, validator } from "hono/validator";
import type * as z from "zod/mini";
import { issueMessage, type ZodIssueText } from "../../commerce/i18n/issue-message";
import { ApiError } from "../http/errors";

/** What a call reads, as its validator declares it: docs/api.md is generated from these (scripts/api-docs/). */
export interface DeclaredInput {
  target: keyof ValidationTargets;
  schema: z.ZodMiniType;
}

/**
 * What a route's validator tells Hono (and so the typed client): the schema's input as the target carries it, and its
 * output as `c.req.valid` gives it. An input that may be absent makes the target optional.
 */
type SchemaInput<Target extends keyof ValidationTargets, In, Out> = {
  in: undefined extends In
    ? { [K in Target]?: [In] extends [ValidationTargets[K]] ? In : InferInput<In, K> }
    : { [K in Target]: [In] extends [ValidationTargets[K]] ? In : InferInput<In, K> };
  out: { [K in Target]: Out };
};

/** A failed parse as the API answers it: a 400 in the one error shape, naming each field. */
function invalidInput(error: { issues: readonly (ZodIssueText & { path: readonly PropertyKey[] })[] }): never {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issueMessage(issue) }));
  throw new ApiError(400, "invalid_input", null, issues);
}

/**
 * An operation's input parsed by its route's own schema, for a page's call that runs no validator (decision 066): the
 * same coercion and the same 400 as the HTTP transport's `validate`, so the two cannot take different inputs.
 */
export function parseInput<Schema extends z.ZodMiniType>(schema: Schema, value: z.input<Schema>): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) invalidInput(result.error);
  return result.data;
}

/**
 * zod validation for an API input; a failure becomes a 400 in the one error shape, naming each field. The middleware
 * carries its schema, so the documentation is read from the same route table and schemas that serve the calls.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(target: Target, schema: Schema) {
  const middleware = validator(target, async (value) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) invalidInput(result.error);
    return result.data;
  }) as MiddlewareHandler<Env, string, SchemaInput<Target, z.input<Schema>, z.output<Schema>>>;
  const input: DeclaredInput = { target, schema };
  return Object.assign(middleware, { input });
}

/** The input a route's handler declares, if it is a validator made by `validate`. */
export function declaredInput(handler: unknown): DeclaredInput | undefined {
  return (handler as { input?: DeclaredInput } | null)?.input;
}
