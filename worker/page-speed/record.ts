import { localDay } from "../../commerce/desk/local-day";
import type { PageKind } from "../../commerce/page-beacon";
import { bucketOf, METRICS, type Metric } from "../../commerce/page-speed";
import type { Store } from "../tenancy/tenant";

/** One page view's page speed as a beacon reports it: its kind, and the metrics the browser measured. */
export type Beacon = { kind: PageKind } & Partial<Record<Metric, number>>;

/**
 * Counts a beacon in its store's histogram for the day it arrived on in the store's time zone: one statement, each
 * metric's bucket one higher (made at 1 the first time). No row names the sender, so nothing is kept about a shopper.
 */
export async function recordBeacon(db: D1Database, store: Store, beacon: Beacon, at: Date): Promise<void> {
  const measured = METRICS.filter((metric) => beacon[metric] !== undefined);
  if (measured.length === 0) return;
  const rows = measured.map((_, i) => `(?1, ?2, ?3, ?${4 + 2 * i}, ?${5 + 2 * i}, 1)`);
  const buckets = measured.flatMap((metric) => [metric, bucketOf(metric, beacon[metric]!)]);
  await db
    .prepare(
      `INSERT INTO page_speed (tenant_id, day, page_kind, metric, bucket, count) VALUES ${rows.join(", ")}
       ON CONFLICT (tenant_id, day, page_kind, metric, bucket) DO UPDATE SET count = count + 1`,
    )
    .bind(store.id, localDay(at.getTime(), store.settings.timeZone).date, beacon.kind, ...buckets)
    .run();
}
