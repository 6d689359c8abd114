import { Hono } from "hono";
import { message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import { appliedFile } from "../store-import/applied-file";
import { storeFileSchema } from "../store-import/store-file-schema";
import { PRIVATE_ANSWER } from "./private-answer";
import { importThroughApi, readStoreFile } from "./store-file-call";
import { validate } from "./validate";

/** The parts of a store file one call may replace: every top-level field but the slug, which names the store. */
export const STORE_SECTIONS = Object.keys(storeFileSchema.shape).filter((key) => key !== "slug") as [string, ...string[]];

/**
 * The store replacing itself through the API (decision 040), with a key of scope store or all: the whole file, or one
 * section of it merged into the file the last import applied. Either way the whole store is checked and written in
 * one batch by the importer, and the cache markers it bumps make shoppers see the new store on their next request.
 */
export const adminStoreApi = new Hono<AppEnv>()
  .put("/store", async (c) => {
    const answer = await importThroughApi(c.env, await readStoreFile(c.req.raw), { slug: c.var.tenant.slug, storeDb: c.env.DB });
    return c.json(answer, 200, PRIVATE_ANSWER);
  })
  .put("/store/:section", validate("param", z.object({ section: z.enum(STORE_SECTIONS) })), async (c) => {
    const { section } = c.req.valid("param");
    const sectionValue = await readStoreFile(c.req.raw);
    const applied = await appliedFile(c.env.DB, c.var.tenant.id);
    if (!applied) {
      throw new ApiError(409, "no_store_file", message("errors.no_store_file"));
    }
    const answer = await importThroughApi(c.env, { ...applied, [section]: sectionValue }, { slug: c.var.tenant.slug, storeDb: c.env.DB });
    return c.json(answer, 200, PRIVATE_ANSWER);
  });
