import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { issueId } from "../../commerce/i18n/message";
import { PAGE_KINDS, PAGE_SPEED_PATH } from "../../commerce/page-beacon";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { clientAddress } from "../http/client-address";
import { tooManyRequests } from "../http/errors";
import { recordBeacon } from "../page-speed/record";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/** The limiter's window in seconds (wrangler.toml, PAGE_SPEED_LIMITER). */
const WINDOW_SECONDS = 60;

/** A metric as the browser measured it: beyond these, a value is no page's but a clock's or a sender's error. */
const metric = (max: number, unit: string) => z.optional(z.number().check(z.minimum(0), z.maximum(max), z.meta({ description: unit })));

export const beaconBody = z
  .object({
    kind: z.enum(PAGE_KINDS).check(z.meta({ description: "the kind of page, from its route; never its address" })),
    lcp: metric(600_000, "Largest Contentful Paint in ms"),
    inp: metric(600_000, "Interaction to Next Paint in ms: the page's slowest interaction"),
    cls: metric(100, "Cumulative Layout Shift: the largest session window's sum"),
  })
  .check(
    z.refine((b) => b.lcp !== undefined || b.inp !== undefined || b.cls !== undefined, { message: issueId("errors.beacon_no_metric") }),
  );

/**
 * navigator.sendBeacon sends a string as text/plain: a JSON Blob is refused by some Chromium versions, and would need a
 * preflight anywhere it is not. So the beacon's body is read as JSON whatever type it declares.
 */
const readAsJson = createMiddleware<AppEnv>(async (c, next) => {
  const headers = new Headers(c.req.raw.headers);
  headers.set("Content-Type", "application/json");
  c.req.raw = new Request(c.req.raw, { headers });
  await next();
});

/**
 * POST /api/page-speed: one page view's LCP, INP and CLS, counted in the store's histogram (decision 084). It needs no
 * identity, so the shopper layer does not run for it (worker/api/index.ts), and it sets no cookie. Each client address
 * has its own budget per store; a beacon past it is refused, never counted.
 */
export const pageSpeedApi = new Hono<AppEnv>().post(
  PAGE_SPEED_PATH.slice("/api".length),
  readAsJson,
  validate("json", beaconBody),
  async (c) => {
    const { success } = await c.env.PAGE_SPEED_LIMITER.limit({ key: `${c.var.tenant.id}:${clientAddress(c.req.raw)}` });
    if (!success) tooManyRequests(WINDOW_SECONDS);
    await recordBeacon(c.env.DB, c.var.tenant, c.req.valid("json"), new Date());
    return c.body(null, 204, PRIVATE_ANSWER);
  },
);
