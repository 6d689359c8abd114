import type { InterfaceLanguage } from "../commerce/languages";
import type { Staff, StoreActor } from "../commerce/store-actor";
import type { Env } from "./env";
import type { Shopper } from "./shopper/shopper";
import type { Tenant } from "./tenancy/tenant";

/** What a request carries through the Worker's Hono apps: the bindings and what the middleware resolved. */
export interface AppVariables {
  tenant: Tenant;
  branchId: number;
  /** Who acts for the store in an /api/admin call: its API key (worker/http/admin-auth.ts). */
  storeActor?: StoreActor;
  /** The language the call is answered in (worker/http/language-middleware.ts); unset before the store is known. */
  language?: InterfaceLanguage;
  /** Who is asking (worker/http/shopper-middleware.ts). */
  shopper: Shopper;
  /** Who works the owner's desk: a signed-in staff member, or null (worker/desk/desk-identity.ts); unset off the desk. */
  staff?: Staff | null;
  /** The nonce of this response's Content-Security-Policy. */
  cspNonce: string;
  /** The page rendered with a last good copy or defaults of the store's data (app/lib/store-data.server.ts). */
  storeDataDegraded?: boolean;
  /** Origins the page's scripts may also reach (its CSP connect-src), as the page's loaders asked; unset: none. */
  connectSources?: string[];
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
