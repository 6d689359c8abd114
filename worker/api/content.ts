import { Hono, type TypedResponse } from "hono";
import { z } from "zod";
import { CacheTtl, cachedJson } from "../cache/cached-json";
import { findPage, listPages } from "../content/pages";
import type { AppEnv } from "../env";
import { loadStoreData } from "../store-data/load-store-data";
import type { StoreData } from "../store-data/store-data";
import type { CacheMarkers } from "../tenancy/tenant";
import { ApiError } from "./errors";
import { validate } from "./validate";

/** One snapshot per branch: its product blocks leave out what the branch does not sell. */
function storeDataKey(tenantId: number, branchId: number, m: CacheMarkers): string {
  return `t:${tenantId}:get-data:b${branchId}:s${m.settings}.l${m.layouts}.b${m.branches}.p${m.products}`;
}

/** Store-wide content: the home layout, settings and branches, and the versions that name their cached copies. */
export const contentApi = new Hono<AppEnv>()
  .get("/get-data", async (c) => {
    const tenant = c.var.tenant;
    const text = await cachedJson(
      c.env.KV,
      storeDataKey(tenant.id, c.var.branchId, tenant.markers),
      CacheTtl.versioned,
      (p) => c.executionCtx.waitUntil(p),
      () => loadStoreData(c.env.DB, tenant, c.var.branchId),
    );
    // The snapshot is already JSON text; typing the body keeps the client's view of it exact.
    return c.body(text, 200, { "Content-Type": "application/json; charset=UTF-8" }) as unknown as TypedResponse<StoreData, 200, "json">;
  })
  .get("/cache-info", (c) => c.json(c.var.tenant.markers))
  .get("/get-pages", async (c) => c.json(await listPages(c.env.DB, c.var.tenant.id)))
  .get("/get-page", validate("query", z.object({ slug: z.string().trim().min(1).max(120) })), async (c) => {
    const page = await findPage(c.env.DB, c.var.tenant.id, c.req.valid("query").slug);
    if (!page) throw new ApiError(404, "not_found", "There is no such page in this store.");
    return c.json(page);
  });
