/**
 * Real shoppers' page speed (decision 084): each metric is kept as a histogram of fixed buckets per store, page kind and
 * day, so a flood of beacons only raises counts, never the number of rows. The buckets are log-spaced (each edge a fixed
 * ratio above the one before, so the error of a value read back is the same share of it anywhere on the scale) and the
 * metric's good and poor thresholds (web.dev's) are edges themselves, so the shares of good, needs improvement and poor
 * are exact counts, not estimates.
 *
 * Stored rows name buckets by number: the edges below must never change, or the days kept before would be misread.
 */

export const METRICS = ["lcp", "inp", "cls"] as const;
export type Metric = (typeof METRICS)[number];

interface Scale {
  /** At most this is good. */
  good: number;
  /** Above this is poor; between the two, needs improvement. */
  poor: number;
  /** The bucket edges, ascending; `good` and `poor` among them. */
  edges: readonly number[];
  /** Decimal places values are kept to (milliseconds are whole; CLS has no unit). */
  digits: number;
}

const rounded = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Edges `good × r^n`, r chosen so that `steps` of them lead from good to poor: `below` edges under good (the finest
 * values worth telling apart) and `above` past poor (beyond them, one last open bucket).
 */
function logEdges(good: number, poor: number, steps: number, below: number, above: number, digits: number): number[] {
  const ratio = (poor / good) ** (1 / steps);
  const edges: number[] = [];
  for (let n = -below; n <= steps + above; n++) edges.push(rounded(good * ratio ** n, digits));
  return edges;
}

/** LCP in ms: edges ×1.26 from 94 ms to 53 s; INP in ms: ×1.26 from 8 ms to 9.8 s; CLS: ×1.26 from 0.001 to 4.9. */
export const SCALES: Readonly<Record<Metric, Scale>> = {
  lcp: { good: 2500, poor: 4000, edges: logEdges(2500, 4000, 2, 14, 11, 0), digits: 0 },
  inp: { good: 200, poor: 500, edges: logEdges(200, 500, 4, 14, 13, 0), digits: 0 },
  cls: { good: 0.1, poor: 0.25, edges: logEdges(0.1, 0.25, 4, 20, 13, 4), digits: 4 },
};

/**
 * The bucket a value falls in: bucket i holds the values above edge i − 1 and at most edge i; bucket 0 everything up
 * to the first edge, and the last bucket (number `edges.length`) everything above the last.
 */
export function bucketOf(metric: Metric, value: number): number {
  const { edges } = SCALES[metric];
  const index = edges.findIndex((edge) => value <= edge);
  return index === -1 ? edges.length : index;
}

/** The buckets a metric has. */
export const bucketCount = (metric: Metric): number => SCALES[metric].edges.length + 1;

/** One bucket's count, as the histogram table keeps it. */
export interface BucketCount {
  bucket: number;
  count: number;
}

/** What the desk shows of one metric of one page kind on one day. */
export interface SpeedSummary {
  /** The 75th percentile, read from the histogram to within its bucket: at least the last edge when in the open bucket. */
  p75: number;
  /** Shares of the samples, from 0 to 1. */
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
}

/** A histogram's 75th percentile, its shares of good, needs improvement and poor, and its samples; null when it has none. */
export function speedSummary(metric: Metric, counts: readonly BucketCount[]): SpeedSummary | null {
  const { edges, good, poor, digits } = SCALES[metric];
  const byBucket = new Array<number>(edges.length + 1).fill(0);
  for (const { bucket, count } of counts) if (bucket >= 0 && bucket <= edges.length && count > 0) byBucket[bucket]! += count;
  const samples = byBucket.reduce((sum, count) => sum + count, 0);
  if (samples === 0) return null;
  const goodUpTo = edges.indexOf(good);
  const poorFrom = edges.indexOf(poor) + 1;
  const sum = (from: number, to: number) => byBucket.slice(from, to).reduce((total, count) => total + count, 0);
  return {
    p75: percentile(byBucket, edges, 0.75 * samples, digits),
    good: sum(0, goodUpTo + 1) / samples,
    needsImprovement: sum(goodUpTo + 1, poorFrom) / samples,
    poor: sum(poorFrom, byBucket.length) / samples,
    samples,
  };
}

/**
 * The value at `rank` (counted from the smallest sample), assuming a bucket's samples spread evenly between its edges;
 * in the open last bucket, its lower edge. Rounded, it still stays inside the bucket that holds the rank (above its lower
 * edge), so it is on the same side of each threshold as the samples there.
 */
function percentile(byBucket: readonly number[], edges: readonly number[], rank: number, digits: number): number {
  let before = 0;
  for (let bucket = 0; bucket < byBucket.length; bucket++) {
    const count = byBucket[bucket]!;
    if (count > 0 && before + count >= rank) {
      const low = bucket === 0 ? 0 : edges[bucket - 1]!;
      if (bucket === edges.length) return low;
      const high = edges[bucket]!;
      const value = rounded(low + ((high - low) * (rank - before)) / count, digits);
      return Math.min(high, Math.max(rounded(low + 10 ** -digits, digits), value));
    }
    before += count;
  }
  return edges[edges.length - 1]!;
}
