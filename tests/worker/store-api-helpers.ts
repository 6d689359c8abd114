import { createExecutionContext, env } from "cloudflare:test";
import newStore from "../../stores/new.json";
import { tokenHash } from "../../worker/accounts/tokens";
import { api } from "../../worker/api";
import type { Env } from "../../worker/env";

/** The platform key of these tests; the Worker under test holds only its hash, as in production. */
export const PLATFORM_KEY = "pk_test-platform-key-of-the-store-api-tests";
export const platformEnv = async (): Promise<Env> => ({ ...env, PLATFORM_KEY_SHA256: await tokenHash(PLATFORM_KEY) });

/** A store file of a store nobody has yet (the demo "new" store under another slug and host name). */
export function freshStoreFile(slug: string) {
  return { ...structuredClone(newStore), slug, hostnames: [`${slug}.localhost`], demo_customers: [] };
}

/**
 * A call to the API as an HTTP client makes it: `key` as the bearer (none when null), an object body as JSON and a
 * string as it is (malformed and oversized files), through the API's route table with the given bindings.
 */
export function storeApiCall(
  method: string,
  path: string,
  key: string | null,
  body: unknown,
  { host = "food.localhost", bindings = env as Env }: { host?: string; bindings?: Env } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const init = { method, headers, body: typeof body === "string" ? body : JSON.stringify(body) };
  return Promise.resolve(api.request(`http://${host}${path}`, init, bindings, createExecutionContext()));
}

export interface SeenStatement {
  sql: string;
  params: unknown[];
}

/**
 * The database as it is, noting every statement prepared through it (its SQL and parameters) and every batch, so a
 * test can hold one request's statements against D1's limits.
 */
export function watchedDb(db: D1Database): { db: D1Database; statements: SeenStatement[]; batches: D1PreparedStatement[][] } {
  const statements: SeenStatement[] = [];
  const batches: D1PreparedStatement[][] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const watched = new Proxy(db, {
    get(target, key) {
      if (key === "prepare") {
        return (sql: string) => {
          const seen: SeenStatement = { sql, params: [] };
          statements.push(seen);
          const prepared = target.prepare(sql);
          const proxy = new Proxy(prepared, {
            get(inner, innerKey) {
              if (innerKey === "bind") {
                return (...params: unknown[]) => {
                  seen.params = params;
                  return inner.bind(...params);
                };
              }
              const value = Reflect.get(inner, innerKey);
              return typeof value === "function" ? value.bind(inner) : value;
            },
          });
          real.set(proxy, prepared);
          return proxy;
        };
      }
      if (key === "batch") {
        return (list: D1PreparedStatement[]) => {
          batches.push(list);
          return target.batch(list.map((statement) => real.get(statement) ?? statement));
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: watched, statements, batches };
}
