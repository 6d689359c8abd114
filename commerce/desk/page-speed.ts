import { PAGE_KINDS, type PageKind } from "../page-beacon";
import { METRICS, type Metric, SCALES, type SpeedSummary } from "../page-speed";

/**
 * Real shoppers' page speed as the desk shows it: for each page kind and metric of a day, the 75th percentile and how
 * many visits were good, needed improvement or were poor (what `pageSpeedReport` answers), rated by the thresholds
 * Google's Core Web Vitals publish, which the beacons' histograms are cut at (commerce/page-speed.ts, decision 084).
 */

/**
 * One page kind's metric on one day. `good`, `needsImprovement` and `poor` are read as parts of a whole (counts or
 * shares alike); `p75` is in milliseconds for LCP and INP and a unitless score for CLS.
 */
export interface PageSpeedRow {
  kind: string;
  metric: Metric;
  p75: number;
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
}

export const RATINGS = ["good", "needs_improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

/** Good at or under the metric's good threshold, poor over its poor one (commerce/page-speed.ts SCALES). */
export function ratingOf(metric: Metric, value: number): Rating {
  const { good, poor } = SCALES[metric];
  return value <= good ? "good" : value <= poor ? "needs_improvement" : "poor";
}

/** A row's parts in the order RATINGS names them. */
export const ratingParts = (row: PageSpeedRow): number[] => [row.good, row.needsImprovement, row.poor];

export const isPageKind = (kind: string): kind is PageKind => (PAGE_KINDS as readonly string[]).includes(kind);

/** The report's figures as rows, one per page kind and metric it has. */
export function pageSpeedRows(report: Partial<Record<string, Partial<Record<Metric, SpeedSummary>>>>): PageSpeedRow[] {
  return Object.entries(report).flatMap(([kind, metrics]) =>
    METRICS.flatMap((metric) => {
      const summary = metrics?.[metric];
      return summary ? [{ kind, metric, ...summary }] : [];
    }),
  );
}

/** The rows in the desk's order: page kinds as PAGE_KINDS lists them (others by name), then LCP, INP, CLS. */
export function pageSpeedOrder(rows: readonly PageSpeedRow[]): PageSpeedRow[] {
  const kindRank = (kind: string) => (isPageKind(kind) ? PAGE_KINDS.indexOf(kind) : PAGE_KINDS.length);
  return [...rows].sort(
    (a, b) => kindRank(a.kind) - kindRank(b.kind) || a.kind.localeCompare(b.kind) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric),
  );
}
