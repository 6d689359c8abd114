import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localDay } from "../../commerce/desk/local-day";
import type { PageKind } from "../../commerce/page-beacon";
import type { Metric } from "../../commerce/page-speed";
import type { StoreSettings } from "../../commerce/store-settings";
import { forgetOldPageSpeed } from "../../worker/page-speed/forget-old-days";
import { recordBeacon } from "../../worker/page-speed/record";
import { pageSpeedReport } from "../../worker/page-speed/report";
import { json, request, viaCloudflare } from "./request";

// The demo stores' time zones (stores/*.json): the food store's day is Kolkata's, the retail store's Berlin's.
const FOOD = { host: "food.localhost", slug: "food", timeZone: "Asia/Kolkata" };
const RETAIL = { host: "retail.localhost", slug: "retail", timeZone: "Europe/Berlin" };

const storeId = async (slug: string) =>
  (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())!.id;

/** A beacon as the storefront's script sends it: a JSON string, which sendBeacon sends as text/plain. */
function beacon(host: string, body: unknown, init: { headers?: Record<string, string>; cf?: IncomingRequestCfProperties } = {}) {
  return request(host, "/api/page-speed", {
    method: "POST",
    ...init,
    headers: { "Content-Type": "text/plain;charset=UTF-8", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** How many samples a store's report for today holds of a page kind's metric. */
async function samples(store: { slug: string; timeZone: string }, kind: PageKind, metric: Metric): Promise<number> {
  const report = await pageSpeedReport(env.DB, await storeId(store.slug), localDay(Date.now(), store.timeZone).date);
  return report[kind]?.[metric]?.samples ?? 0;
}

const rows = async () => (await env.DB.prepare("SELECT count(*) AS n, coalesce(sum(count), 0) AS total FROM page_speed").first())!;

async function refused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = await json<{ code: string; message: string; issues?: { path: string; message: string }[] }>(response);
  expect(body.code).toBe(code);
  expect(body.message).not.toBe("");
  return body;
}

describe("POST /api/page-speed", () => {
  it("counts a beacon in its store's day, answering 204 with no body, no cookie and no-store", async () => {
    const before = await Promise.all([samples(FOOD, "product", "lcp"), samples(FOOD, "product", "inp"), samples(FOOD, "product", "cls")]);
    const response = await beacon(FOOD.host, { kind: "product", lcp: 1800, inp: 120, cls: 0.02 }, viaCloudflare());
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const after = await Promise.all([samples(FOOD, "product", "lcp"), samples(FOOD, "product", "inp"), samples(FOOD, "product", "cls")]);
    expect(after).toEqual(before.map((n) => n + 1));
  });

  it("counts only the metrics a beacon has, and takes JSON sent as JSON too", async () => {
    const [lcp, inp, cls] = await Promise.all([samples(FOOD, "home", "lcp"), samples(FOOD, "home", "inp"), samples(FOOD, "home", "cls")]);
    const client = viaCloudflare();
    const response = await beacon(
      FOOD.host,
      { kind: "home", cls: 0 },
      { cf: client.cf, headers: { ...client.headers, "Content-Type": "application/json" } },
    );
    expect(response.status).toBe(204);
    expect([await samples(FOOD, "home", "lcp"), await samples(FOOD, "home", "inp"), await samples(FOOD, "home", "cls")]).toEqual([
      lcp,
      inp,
      cls + 1,
    ]);
  });

  it("counts another store's beacon in that store only", async () => {
    const food = await samples(FOOD, "cart", "lcp");
    const retail = await samples(RETAIL, "cart", "lcp");
    expect((await beacon(RETAIL.host, { kind: "cart", lcp: 900 }, viaCloudflare())).status).toBe(204);
    expect(await samples(RETAIL, "cart", "lcp")).toBe(retail + 1);
    expect(await samples(FOOD, "cart", "lcp")).toBe(food);
  });

  it("reads no session, guest id or branch: a beacon is for no one", async () => {
    const before = await samples(FOOD, "search", "inp");
    const headers = { Authorization: "Bearer not-a-session", "guest-id": "not-a-guest-id" };
    const response = await request(FOOD.host, "/api/page-speed?branch_id=99", {
      method: "POST",
      headers: { ...headers, ...viaCloudflare().headers },
      cf: {} as IncomingRequestCfProperties,
      body: JSON.stringify({ kind: "search", inp: 48 }),
    });
    expect(response.status).toBe(204);
    expect(await samples(FOOD, "search", "inp")).toBe(before + 1);
  });

  it("refuses junk with 4xx in the one error shape, and writes nothing", async () => {
    const before = await rows();
    await refused(await beacon(FOOD.host, "{not json", viaCloudflare()), 400, "bad_request");
    await refused(await beacon(FOOD.host, "[]", viaCloudflare()), 400, "invalid_input");
    await refused(await beacon(FOOD.host, "", viaCloudflare()), 400, "bad_request");
    const wrongType = await refused(await beacon(FOOD.host, { kind: "product", lcp: "fast" }, viaCloudflare()), 400, "invalid_input");
    expect(wrongType.issues?.map((issue) => issue.path)).toEqual(["lcp"]);
    const unknownKind = await refused(
      await beacon(FOOD.host, { kind: "/product/paneer-tikka", lcp: 1000 }, viaCloudflare()),
      400,
      "invalid_input",
    );
    expect(unknownKind.issues?.map((issue) => issue.path)).toEqual(["kind"]);
    await refused(await beacon(FOOD.host, { lcp: 1000 }, viaCloudflare()), 400, "invalid_input");
    await refused(await beacon(FOOD.host, { kind: "home", cls: -0.1 }, viaCloudflare()), 400, "invalid_input");
    await refused(await beacon(FOOD.host, { kind: "home", inp: 1e9 }, viaCloudflare()), 400, "invalid_input");
    const none = await refused(await beacon(FOOD.host, { kind: "home" }, viaCloudflare()), 400, "invalid_input");
    expect(none.message).toBe("Send at least one of lcp, inp and cls.");
    // Over 1 KiB: refused from its declared length, and from what it turns out to be when it declares none.
    const huge = JSON.stringify({ kind: "home", cls: 0, pad: "x".repeat(2000) });
    await refused(await beacon(FOOD.host, huge, viaCloudflare()), 413, "payload_too_large");
    const streamed = new IdentityTransformStream();
    const writer = streamed.writable.getWriter();
    writer.write(new TextEncoder().encode(huge)).catch(() => {});
    writer.close().catch(() => {});
    await refused(
      await request(FOOD.host, "/api/page-speed", { method: "POST", body: streamed.readable, ...viaCloudflare() }),
      413,
      "payload_too_large",
    );
    // Another site's page cannot send one (the origin check).
    await refused(await beacon(FOOD.host, { kind: "home", cls: 0 }, { headers: { Origin: "https://evil.example" } }), 403, "cross_origin");
    expect(await rows()).toEqual(before);
  });

  it("refuses a client past 60 beacons a minute to a store with 429 and Retry-After, counting none of them; others go on", async () => {
    const flood = viaCloudflare();
    const before = (await rows()).total as number;
    let counted = 0;
    let throttled: Response | null = null;
    for (let i = 0; i < 130 && !throttled; i++) {
      const response = await beacon(FOOD.host, { kind: "other", cls: 0.5 }, flood);
      if (response.status === 204) counted++;
      else throttled = response;
    }
    expect(throttled, "no 429 within two windows").not.toBeNull();
    expect(counted).toBeGreaterThanOrEqual(60);
    expect(throttled!.headers.get("Retry-After")).toBe("60");
    await refused(throttled!, 429, "too_many_requests");
    expect((await rows()).total).toBe(before + counted);
    // Another address, and the same address at another store, each have their own budget.
    expect((await beacon(FOOD.host, { kind: "other", cls: 0 }, viaCloudflare())).status).toBe(204);
    expect((await beacon(RETAIL.host, { kind: "other", cls: 0 }, viaCloudflare(flood.headers["CF-Connecting-IP"]))).status).toBe(204);
  });
});

describe("pageSpeedReport (real D1)", () => {
  const settings = (timeZone: string) => ({ timeZone }) as StoreSettings;

  it("keeps a beacon on the store's own day, and reports each kind's metrics as p75 and shares", async () => {
    const id = await storeId("new");
    const store = { id, settings: settings("Asia/Kolkata") };
    // 20:00 UTC on 1 March is 01:30 on 2 March in Kolkata.
    const at = new Date("2021-03-01T20:00:00Z");
    for (const lcp of [1000, 2000, 3000, 5000]) await recordBeacon(env.DB, store, { kind: "home", lcp }, at);
    await recordBeacon(env.DB, store, { kind: "product", inp: 600, cls: 0.05 }, at);
    // The same moment in a store on UTC is still 1 March.
    await recordBeacon(env.DB, { id, settings: settings("UTC") }, { kind: "home", lcp: 100 }, at);

    expect(await pageSpeedReport(env.DB, id, "2021-03-02")).toEqual({
      home: { lcp: { p75: 3162, good: 0.5, needsImprovement: 0.25, poor: 0.25, samples: 4 } },
      product: {
        inp: { p75: 597, good: 0, needsImprovement: 0, poor: 1, samples: 1 },
        cls: { p75: 0.0477, good: 1, needsImprovement: 0, poor: 0, samples: 1 },
      },
    });
    expect(await pageSpeedReport(env.DB, id, "2021-03-01")).toEqual({
      home: { lcp: { p75: 112, good: 1, needsImprovement: 0, poor: 0, samples: 1 } },
    });
    // Another store's report of the same day holds none of these.
    expect(await pageSpeedReport(env.DB, await storeId("food"), "2021-03-02")).toEqual({});
  });

  it("keeps one row per bucket however many beacons fall in it", async () => {
    const id = await storeId("new");
    const store = { id, settings: settings("UTC") };
    const at = new Date("2021-06-01T12:00:00Z");
    for (let i = 0; i < 25; i++) await recordBeacon(env.DB, store, { kind: "cart", lcp: 2400, inp: 150, cls: 0.3 }, at);
    const kept = await env.DB.prepare("SELECT metric, bucket, count FROM page_speed WHERE tenant_id = ?1 AND day = ?2 ORDER BY metric")
      .bind(id, "2021-06-01")
      .all();
    expect(kept.results.map((row) => row.count)).toEqual([25, 25, 25]);
    expect((await pageSpeedReport(env.DB, id, "2021-06-01")).cart?.lcp?.samples).toBe(25);
  });

  it("is forgotten after a season by the cron, in every store database, and never a moving store's", async () => {
    const id = await storeId("new");
    const store = { id, settings: settings("UTC") };
    const now = Date.parse("2021-09-15T03:00:00Z");
    await recordBeacon(env.DB, store, { kind: "home", lcp: 900, cls: 0 }, new Date("2021-06-01T12:00:00Z"));
    await recordBeacon(env.DB, store, { kind: "home", lcp: 900, cls: 0 }, new Date("2021-09-01T12:00:00Z"));
    await forgetOldPageSpeed(env, now);
    expect(await pageSpeedReport(env.DB, id, "2021-06-01")).toEqual({});
    expect((await pageSpeedReport(env.DB, id, "2021-09-01")).home?.lcp?.samples).toBe(1);
  });
});
