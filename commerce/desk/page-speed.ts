/**
 * Real shoppers' page speed as the desk shows it: for each page kind and metric of a day, the 75th percentile and how
 * many visits were good, needed improvement or were poor (what `pageSpeedReport` answers), rated by the thresholds
 * Google's Core Web Vitals publish (web.dev/articles/vitals): a value at or under the first is good, over the second
 * poor.
 */

export const METRICS = ["LCP", "INP", "CLS"] as const;
export type Metric = (typeof METRICS)[number];

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

/** Good at or under the first, poor over the second. */
export const THRESHOLDS: Record<Metric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export function ratingOf(metric: Metric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs_improvement" : "poor";
}

/** A row's parts in the order RATINGS names them. */
export const ratingParts = (row: PageSpeedRow): number[] => [row.good, row.needsImprovement, row.poor];

/** The page kinds the storefront reports, in the order the desk lists them; a kind not named here comes after them. */
export const PAGE_KINDS = ["home", "category", "product", "search", "cart", "checkout", "account", "order", "content", "other"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const isPageKind = (kind: string): kind is PageKind => (PAGE_KINDS as readonly string[]).includes(kind);

/** The rows in the desk's order: page kinds as PAGE_KINDS lists them (others by name), then LCP, INP, CLS. */
export function pageSpeedOrder(rows: readonly PageSpeedRow[]): PageSpeedRow[] {
  const kindRank = (kind: string) => (isPageKind(kind) ? PAGE_KINDS.indexOf(kind) : PAGE_KINDS.length);
  return [...rows].sort(
    (a, b) => kindRank(a.kind) - kindRank(b.kind) || a.kind.localeCompare(b.kind) || METRICS.indexOf(a.metric) - METRICS.indexOf(b.metric),
  );
}
