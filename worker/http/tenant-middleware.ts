import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { ensureSchema, SchemaBehindError } from "../placement/schema-version";
import { DatabaseUnavailableError, storeDatabase } from "../placement/store-databases";
import { placeRequestDb } from "../request-db";
import { resolveTenant } from "../tenancy/resolve-tenant";

/** Seconds a shopper is asked to wait while their store's database is missing or behind. */
export const STORE_UNAVAILABLE_RETRY_SECONDS = 30;

export interface TenantAnswers {
  /** A hostname that is no store's. */
  unknownHost: (c: Context<AppEnv>) => Response;
  /** A store this deployment cannot serve now: its database is not bound here, or lacks this code's migrations. */
  unavailable: (c: Context<AppEnv>, message: string) => Response;
}

/**
 * Sets c.var.tenant from the hostname and sends the request's queries to the store's database (decision 061), or
 * answers for a hostname that is no store's, or a store whose database cannot be used now.
 */
export function tenantMiddleware(answers: TenantAnswers) {
  return createMiddleware<AppEnv>(async function tenant(c, next) {
    if (!c.var.tenant) {
      try {
        const found = await resolveTenant(c.env, new URL(c.req.url).hostname, (promise) => c.executionCtx.waitUntil(promise));
        if (!found) return answers.unknownHost(c);
        const db = storeDatabase(c.env, found.database);
        await ensureSchema(found.database, db);
        placeRequestDb(c.env.DB, found.database, db);
        c.set("tenant", found);
      } catch (error) {
        if (error instanceof DatabaseUnavailableError || error instanceof SchemaBehindError) return answers.unavailable(c, error.message);
        throw error;
      }
    }
    await next();
  });
}
