import type { StoreSettings } from "../../commerce/store-settings";
import * as z from "../../commerce/zod";

export const CACHE_MARKER_NAMES = ["settings", "layouts", "branches", "products"] as const;

export const cacheMarkersSchema = z.object({
  settings: z.number().check(z.int()),
  layouts: z.number().check(z.int()),
  branches: z.number().check(z.int()),
  products: z.number().check(z.int()),
});
export type CacheMarkers = z.infer<typeof cacheMarkersSchema>;

/** A store's row as the hostname cache (KV) keeps it: its settings as stored, strings by key. */
export const storedTenantSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  slug: z.string(),
  /** The store database that holds its rows (decision 061). */
  database: z.string(),
  markers: cacheMarkersSchema,
  settings: z.record(z.string(), z.string()),
});
export type StoredTenant = z.infer<typeof storedTenantSchema>;

/** The store a request is for, found from its hostname, with the versions of its cached data and its typed settings. */
export interface Tenant {
  id: number;
  slug: string;
  /** The binding of the store database that holds its rows (decision 061): every query of the request goes there. */
  database: string;
  markers: CacheMarkers;
  /** Every setting, typed (commerce/store-settings.ts): the only way code reads a store's settings. */
  settings: StoreSettings;
}

/** What work for one store needs of it: its id and settings (a request's tenant, or `tenantById` for the cron). */
export type Store = Pick<Tenant, "id" | "settings">;
