import { z } from "zod";

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
});
export type Tenant = z.infer<typeof tenantSchema>;
