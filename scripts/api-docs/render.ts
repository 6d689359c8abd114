import * as z from "../../commerce/zod";
import { declaredInput } from "../../worker/api/validate";
import { type AnswerDoc, CALLS, type CallDoc, type Caller } from "./calls";

/** A JSON Schema as zod writes it, as far as the tables below read it. */
interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

interface Route {
  method: string;
  path: string;
  handler: unknown;
}

const CALLERS: Record<Caller, string> = {
  anyone: "anyone",
  shopper: "a shopper: a guest (`guest-id` header) or a customer (`Authorization: Bearer`)",
  customer: "a signed-in customer (`Authorization: Bearer`); anyone else gets 401 `unauthenticated`",
  store:
    "the store's owner, with one of the store's API keys (`Authorization: Bearer sk_…`; `npm run store:api-key`); anyone else gets 401 `unauthenticated`, and a key whose scope does not cover the call 403 `forbidden`",
  platform:
    "the platform, with the platform key (`Authorization: Bearer <key>`, whose SHA-256 is the Worker's PLATFORM_KEY_SHA256); anyone else gets 401 `unauthenticated`",
};

const TARGETS: Record<string, string> = {
  json: "Body (JSON)",
  form: "Body (multipart/form-data)",
  query: "Query",
  param: "Path",
  header: "Headers",
  cookie: "Cookies",
};

function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}

function typeName(schema: JsonSchema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ");
  if (schema.anyOf) return schema.anyOf.map(typeName).join(" \\| ");
  const type = Array.isArray(schema.type) ? schema.type.join(" \\| ") : schema.type;
  if (type === "array") return `${schema.items ? typeName(schema.items) : "any"}[]`;
  if (type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return `map of ${typeName(schema.additionalProperties)}`;
  }
  return type ?? "file";
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  const length = [schema.minLength, schema.maxLength];
  if (length[0] !== undefined || length[1] !== undefined) rules.push(`length ${length[0] ?? 0}–${length[1] ?? "∞"}`);
  // zod writes an integer's safe-integer bounds even when the schema sets none.
  const bounded = (n?: number) => n !== undefined && Math.abs(n) !== Number.MAX_SAFE_INTEGER;
  if (bounded(schema.minimum) || bounded(schema.maximum)) rules.push(`${schema.minimum ?? "−∞"} to ${schema.maximum ?? "∞"}`);
  if (schema.maxItems !== undefined) rules.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) rules.push(`matches \`${schema.pattern}\``);
  if (schema.format) rules.push(schema.format);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) rules.push(schema.description);
  return rules.join("; ");
}

/** One row per field, nested objects as dotted paths. */
function fieldRows(schema: JsonSchema, prefix = ""): string[] {
  const rows: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const nullable = field.anyOf?.some((option) => option.type === "null");
    const inner = nullable ? (field.anyOf!.find((option) => option.type !== "null") ?? field) : field;
    const type = `${typeName(inner)}${nullable ? " \\| null" : ""}`;
    rows.push(
      `| \`${prefix}${name}\` | ${type} | ${required.has(name) ? "yes" : "no"} | ${rulesOf({ ...inner, description: field.description ?? inner.description })} |`,
    );
    if (inner.properties) rows.push(...fieldRows(inner, `${prefix}${name}.`));
  }
  return rows;
}

/** An intersection (`a.and(b)`) as one object: every part's fields. */
function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(merged);
  return {
    ...schema,
    type: "object",
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

function fieldTable(whole: JsonSchema): string[] {
  const schema = merged(whole);
  if (!schema.properties) return [`${typeName(schema)}${schema.description ? `: ${schema.description}` : ""}`];
  const lines = ["| Field | Type | Required | Rules |", "|---|---|---|---|", ...fieldRows(schema)];
  if (schema.description) lines.push("", `Also: ${schema.description}`);
  return lines;
}

function answerSection(answer: AnswerDoc): string[] {
  if ("type" in answer) return [`**Answer ${answer.status}:** \`${answer.type}\` (\`${answer.file}\`)`];
  if (!("schema" in answer)) return [`**Answer ${answer.status}:** no body`];
  return [`**Answer ${answer.status}:**`, "", ...fieldTable(jsonSchemaOf(answer.schema, "output"))];
}

function callSection(key: string, doc: CallDoc, inputs: { target: string; schema: z.ZodMiniType }[]): string[] {
  const lines = [`### ${key}`, "", doc.summary, "", `**Caller:** ${CALLERS[doc.caller]}`, ""];
  for (const input of inputs)
    lines.push(`**${TARGETS[input.target] ?? input.target}:**`, "", ...fieldTable(jsonSchemaOf(input.schema, "input")), "");
  lines.push(...answerSection(doc.answer), "");
  if (doc.errors?.length) lines.push("**Refusals:**", "", ...doc.errors.map((error) => `- ${error}`), "");
  return lines;
}

/** The calls of the route table in its order, with the inputs their validators declare. */
export function callsOf(routes: readonly Route[]): Map<string, { target: string; schema: z.ZodMiniType }[]> {
  const calls = new Map<string, { target: string; schema: z.ZodMiniType }[]>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const inputs = calls.get(key) ?? [];
    const input = declaredInput(route.handler);
    if (input) inputs.push(input);
    calls.set(key, inputs);
  }
  return calls;
}

const PREAMBLE = `# The origin API

Generated by \`npm run docs:api\` from the route table (\`worker/api/index.ts\`), the zod schemas each call validates
its input with, and the answers described in \`scripts/api-docs/\`. Do not edit by hand: \`npm test\` fails when this
file differs from what the code says.

## Every call

- **Store.** The store is the one served at the request's host name. Every call reads and writes that store's data only.
- **Branch.** \`branch_id\` in the query names the shopper's branch (default 1); one that is not a whole number, or
  none of this store's branches, is 400 \`invalid_input\` on every call, before anything is read or written.
- **Host.** A host name no store can have (over 253 characters, or a label over 63) is 400 \`bad_request\`; one that is
  no store's is 404 \`unknown_store\`.
- **Shopper.** A signed-in customer sends \`Authorization: Bearer <token>\` (from register, login or login-otp); a guest
  sends \`guest-id: <32 hex digits or a UUID>\`. An unknown, expired or revoked token, or another store's, is 401
  \`unauthenticated\` on any call: the client signs the shopper out.
- **Language.** Every text for people (a refusal's \`message\` and its \`issues\`, a cart's messages, an order's
  \`status_text\` and \`payment_status_text\`, the notes the platform writes in its history and \`cancel_reason\`, the
  messages sent to shoppers) follows \`Accept-Language\`: the first language it names that the store speaks (its own, or
  one of its \`languages\`), else the store's own (decision 079); a live stream's, its handshake's. A note or reason
  someone typed is answered as typed. \`code\` and every other field are the same in every language.
  English always: the store importer's and the platform's own findings, and the generic message of a value of the
  wrong type.
- **Bodies** are JSON (\`Content-Type: application/json\`) of at most 64 KiB, except uploads (4 MiB).
  A body over its call's limit is 413 \`payload_too_large\`, refused before it is read. The host, the branch and, on
  the owner's and the platform's calls, the key and its scope are checked first, from the headers: a call one of them
  refuses gets that refusal at once, before the client has sent the body (decision 059), as does a body whose
  \`Content-Length\` is over the limit.
- **Refusals** all have one shape, with a status that says what kind:
`;

/** docs/api.md, from the route table given (the API's, \`api.routes\`). */
export function renderApiDocs(routes: readonly Route[], errorShape: z.ZodMiniType): string {
  const lines = [PREAMBLE, ...fieldTable(jsonSchemaOf(errorShape, "output")), ""];
  lines.push(
    "Shared refusals: 400 `invalid_input` (with `issues`), 401 `unauthenticated`, 404 `not_found`, 413 `payload_too_large`,",
    "429 `too_many_requests` (with `Retry-After`), 503 when the store cannot answer. Never a 500 for anything a client sends.",
    "",
    "## Calls",
    "",
  );
  for (const [key, inputs] of callsOf(routes)) {
    const doc = CALLS[key];
    if (!doc) throw new Error(`${key} has no entry in scripts/api-docs/calls.ts`);
    lines.push(...callSection(key, doc, inputs));
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
