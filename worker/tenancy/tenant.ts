import { z } from "zod";
import { PLUGIN_CODES } from "../../commerce/plugins";

export const CACHE_MARKER_NAMES = ["settings", "layouts", "branches", "products"] as const;

export const cacheMarkersSchema = z.object({
  settings: z.number().int(),
  layouts: z.number().int(),
  branches: z.number().int(),
  products: z.number().int(),
});
export type CacheMarkers = z.infer<typeof cacheMarkersSchema>;

/** The store a request is for, found from its hostname, with the versions of its cached data. */
export const tenantSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  /** The store's currency precision, needed to turn stored minor units into API amounts. */
  decimalPlaces: z.number().int().min(0).max(4),
  markers: cacheMarkersSchema,
  /** The plugins the store switches on: every page's CSP allows their origins (worker/http/plugin-sources.ts). */
  plugins: z.array(z.enum(PLUGIN_CODES)),
  /** The owner's admin origin (the `adminOrigin` setting), the only other origin that may frame the store's pages. */
  adminOrigin: z.string().nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;
