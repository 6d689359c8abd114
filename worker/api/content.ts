import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { answerMarked } from "../cache/marked-answer";
import { markedKey, markedValue } from "../cache/marked-cache";
import { findPage, listPages } from "../content/pages";
import { loadStoreData } from "../store-data/load-store-data";
import { CACHE_MARKER_NAMES } from "../tenancy/tenant";
import { ApiError } from "./errors";
import { validate } from "./validate";

/** Store-wide content: the home layout, settings and branches, and the versions that name their cached copies. */
export const contentApi = new Hono<AppEnv>()
  .get("/get-data", async (c) => {
    const { tenant, branchId } = c.var;
    // One snapshot per branch: its product blocks leave out what the branch does not sell. Any number is a branch_id,
    // so only the store's own branches are written to KV (its writes are counted); another keeps the isolate copy.
    const known = (await storeBranches(c.env, c.executionCtx, tenant)).some((b) => b.id === branchId);
    const key = markedKey(tenant, "get-data", CACHE_MARKER_NAMES, [`b${branchId}`]);
    const tiers = known ? "isolate+kv" : "isolate";
    const data = await markedValue(c.env, c.executionCtx, key, tiers, () => loadStoreData(c.env.DB, tenant, branchId));
    return answerMarked(c, data);
  })
  .get("/cache-info", (c) => c.json(c.var.tenant.markers))
  // Content pages come with the store file's layout, so the layouts marker versions them.
  .get("/get-pages", async (c) => {
    const tenant = c.var.tenant;
    const key = markedKey(tenant, "pages", ["layouts"]);
    const pages = await markedValue(c.env, c.executionCtx, key, "isolate+kv", () => listPages(c.env.DB, tenant.id));
    return answerMarked(c, pages);
  })
  .get("/get-page", validate("query", z.object({ slug: z.string().trim().min(1).max(120) })), async (c) => {
    const tenant = c.var.tenant;
    const slug = c.req.valid("query").slug;
    // Only pages that exist are kept, so a store has as many keys as pages.
    const key = markedKey(tenant, "page", ["layouts"], [slug]);
    const page = await markedValue(c.env, c.executionCtx, key, "isolate+kv", () => findPage(c.env.DB, tenant.id, slug));
    if (!page) throw new ApiError(404, "not_found", "There is no such page in this store.");
    return answerMarked(c, page);
  });
