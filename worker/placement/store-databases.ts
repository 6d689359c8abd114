import * as z from "../../commerce/zod";
import { deploymentBindings } from "./deployment-bindings";
import { MAX_STORE_DATABASES } from "./id-ranges";

/**
 * The store databases this deployment has (decision 061): wrangler.toml binds each one and lists it in
 * STORE_DATABASES, in the order their id ranges were given. A store's rows live in exactly one of them.
 */
export interface StoreDatabaseConfig {
  /** The binding's name, which is also how the directory, the CLI and the API name the database. */
  name: string;
  /** The location hint it was created with (`wrangler d1 create --location`): where its primary is. */
  location: string;
  /** Whether a store created without naming a database may be placed here. */
  newStores: boolean;
  /** Its position in the list: ids it gives out start at `position × ID_RANGE` (worker/placement/id-ranges.ts). */
  position: number;
}

const listSchema = z
  .array(
    z.object({
      binding: z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,31}$/)),
      location: z.string().check(z.minLength(1)),
      new_stores: z.boolean(),
    }),
  )
  .check(z.minLength(1), z.maxLength(MAX_STORE_DATABASES));

/** A database that is not this deployment's: a create or move naming it is refused with 422 naming it. */
export class UnknownDatabaseError extends Error {
  constructor(readonly database: string) {
    super(`"${database}" is not one of this deployment's store databases`);
  }
}

/** A database the directory names but the deployment does not bind: its stores answer 503 until a deploy adds it. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly database: string) {
    super(`This store's database (${database}) is not available in this deployment.`);
  }
}

let parsed: { text: string; list: StoreDatabaseConfig[] } | null = null;

/** The configured store databases, parsed once per isolate. A missing or malformed setting is the deploy's error. */
export function storeDatabases(env: { STORE_DATABASES?: string }): StoreDatabaseConfig[] {
  const text = env.STORE_DATABASES ?? "";
  if (parsed?.text === text) return parsed.list;
  const result = listSchema.safeParse(safeJson(text));
  if (!result.success) throw new Error(`STORE_DATABASES is not a list of store databases: ${result.error.message}`);
  const list = result.data.map((entry, position) => ({
    name: entry.binding,
    location: entry.location,
    newStores: entry.new_stores,
    position,
  }));
  parsed = { text, list };
  return list;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The configured database of that name, or UnknownDatabaseError. */
export function configuredDatabase(env: { STORE_DATABASES?: string }, name: string): StoreDatabaseConfig {
  const found = storeDatabases(env).find((database) => database.name === name);
  if (!found) throw new UnknownDatabaseError(name);
  return found;
}

const reported = new Set<string>();

/**
 * The D1 binding of a configured store database. One the deployment does not bind (or no longer lists) is
 * DatabaseUnavailableError, logged once per isolate rather than on every request of its stores.
 */
export function storeDatabase(env: object, name: string): D1Database {
  const binding = deploymentBindings(env)[name];
  const listed = storeDatabases(env as { STORE_DATABASES?: string }).some((database) => database.name === name);
  if (listed && isD1(binding)) return binding;
  if (!reported.has(name)) {
    reported.add(name);
    console.error(`store database ${name} is ${listed ? "listed in STORE_DATABASES but not bound" : "not listed in STORE_DATABASES"}`);
  }
  throw new DatabaseUnavailableError(name);
}

function isD1(value: unknown): value is D1Database {
  return typeof value === "object" && value !== null && typeof (value as D1Database).prepare === "function";
}
