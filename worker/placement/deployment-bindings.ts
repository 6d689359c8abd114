/**
 * A request's `env.DB` is its metered session (worker/request-db.ts), which stands in the env where the store
 * database bound as DB would be. The deployment's own bindings are kept here, keyed by that session, so the code that
 * picks a store's database (worker/placement/store-databases.ts) reaches the real one of every name.
 */
const behind = new WeakMap<object, Record<string, unknown>>();

export function keepDeploymentBindings(requestDb: D1Database, env: object): void {
  behind.set(requestDb, env as Record<string, unknown>);
}

/** The deployment's bindings behind an env that may be a request's. */
export function deploymentBindings(env: object): Record<string, unknown> {
  const db = (env as { DB?: unknown }).DB;
  return (typeof db === "object" && db !== null ? behind.get(db) : undefined) ?? (env as Record<string, unknown>);
}
