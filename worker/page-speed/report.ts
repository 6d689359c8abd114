import type { PageKind } from "../../commerce/page-beacon";
import { type BucketCount, type Metric, type SpeedSummary, speedSummary } from "../../commerce/page-speed";

/** A store's page speed on one day: per page kind that sent beacons, per metric measured (decision 084). */
export type PageSpeedReport = Partial<Record<PageKind, Partial<Record<Metric, SpeedSummary>>>>;

interface Row extends BucketCount {
  page_kind: PageKind;
  metric: Metric;
}

/** The store's page speed on `day` (YYYY-MM-DD in its time zone), read in one range of the histogram's key. */
export async function pageSpeedReport(db: D1Database, tenantId: number, day: string): Promise<PageSpeedReport> {
  const { results } = await db
    .prepare("SELECT page_kind, metric, bucket, count FROM page_speed WHERE tenant_id = ?1 AND day = ?2")
    .bind(tenantId, day)
    .all<Row>();
  const histograms = new Map<string, { kind: PageKind; metric: Metric; counts: BucketCount[] }>();
  for (const row of results) {
    const key = `${row.page_kind}|${row.metric}`;
    const histogram = histograms.get(key) ?? { kind: row.page_kind, metric: row.metric, counts: [] };
    histogram.counts.push({ bucket: row.bucket, count: row.count });
    histograms.set(key, histogram);
  }
  const report: PageSpeedReport = {};
  for (const { kind, metric, counts } of histograms.values()) {
    const summary = speedSummary(metric, counts);
    if (summary) report[kind] = { ...report[kind], [metric]: summary };
  }
  return report;
}
