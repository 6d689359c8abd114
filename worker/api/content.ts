import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { answerMarked } from "../cache/marked-answer";
import { markedKey, markedValue } from "../cache/marked-cache";
import { findPage, listPages } from "../content/pages";
import { ApiError } from "../http/errors";
import { loadStoreData } from "../store-data/load-store-data";
import { CACHE_MARKER_NAMES } from "../tenancy/tenant";
import { type OriginContext, originContextOf } from "./origin-context";
import { validate } from "./validate";

/** GET /api/get-data: the store's layout, settings and branches at the call's branch, as kept per marker versions. */
export async function storeDataOf(o: OriginContext) {
  const { tenant, branchId } = o;
  // One snapshot per branch: its product blocks leave out what the branch does not sell. Any number is a branch_id,
  // so only the store's own branches are written to KV (its writes are counted); another keeps the isolate copy.
  const known = (await storeBranches(o.env, o.ctx, tenant)).some((b) => b.id === branchId);
  const key = markedKey(tenant, "get-data", CACHE_MARKER_NAMES, [`b${branchId}`]);
  const tiers = known ? "isolate+kv" : "isolate";
  return markedValue(o.env, o.ctx, key, tiers, () => loadStoreData(o.env.DB, tenant, branchId));
}

/** GET /api/get-pages: the store's content pages. They come with the store file's layout, so the layouts marker versions them. */
export function pagesOf(o: OriginContext) {
  const key = markedKey(o.tenant, "pages", ["layouts"]);
  return markedValue(o.env, o.ctx, key, "isolate+kv", () => listPages(o.env.DB, o.tenant.id));
}

export const pageQuery = z.object({ slug: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) });

/** GET /api/get-page: one content page, as kept; an unknown one is a 404. */
export async function pageOf(o: OriginContext, query: z.output<typeof pageQuery>) {
  // Only pages that exist are kept, so a store has as many keys as pages.
  const key = markedKey(o.tenant, "page", ["layouts"], [query.slug]);
  const page = await markedValue(o.env, o.ctx, key, "isolate+kv", () => findPage(o.env.DB, o.tenant.id, query.slug));
  if (!page) throw new ApiError(404, "not_found", message("errors.no_such_page"));
  return page;
}

/** Store-wide content: the home layout, settings and branches, and the versions that name their cached copies. */
export const contentApi = new Hono<AppEnv>()
  .get("/get-data", async (c) => answerMarked(c, await storeDataOf(originContextOf(c))))
  .get("/cache-info", (c) => c.json(c.var.tenant.markers))
  .get("/get-pages", async (c) => answerMarked(c, await pagesOf(originContextOf(c))))
  .get("/get-page", validate("query", pageQuery), async (c) => answerMarked(c, await pageOf(originContextOf(c), c.req.valid("query"))));
