// Order statistics the bench reports.

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
