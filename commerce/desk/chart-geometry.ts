/**
 * The geometry of the desk's charts (worker/desk/charts/), drawn on the server as SVG: a value axis with round ticks,
 * bars in a plot area, the segments of a stacked bar, and the mirror image a right-to-left page draws. Coordinates are
 * the SVG's own units, rounded to a tenth so the markup stays short.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A value axis from 0 to `top`, with its ticks (0 and `top` among them). */
export interface Axis {
  top: number;
  ticks: number[];
}

/** A tenth of a unit: finer than any screen shows at these sizes. */
export const tenth = (n: number): number => Math.round(n * 10) / 10;

/** Floating point's 0.30000000000000004 as 0.3: ticks are shown as written. */
const exact = (n: number): number => Number(n.toPrecision(12));

/**
 * An axis for values up to `max` with about `count` steps of 1, 2, 2.5 or 5 times a power of ten; `whole` for things
 * counted (no step under 1, and no 2.5). An empty series still gets an axis from 0 to 1.
 */
export function niceAxis(max: number, { count = 4, whole = false }: { count?: number; whole?: boolean } = {}): Axis {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const multiples = whole && magnitude < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = exact(multiples.map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  if (whole) step = Math.max(1, step);
  const steps = Math.ceil(exact(max / step));
  return { top: exact(steps * step), ticks: Array.from({ length: steps + 1 }, (_, i) => exact(i * step)) };
}

/** Where a value sits along a length of `length` units for an axis up to `top`. */
export const along = (value: number, top: number, length: number): number => (top > 0 ? (Math.max(0, value) / top) * length : 0);

/** A bar of a value above zero is at least this long, so a small one is still seen. */
const MIN_BAR = 1;
const barLength = (value: number, top: number, length: number) => (value > 0 ? Math.max(MIN_BAR, along(value, top, length)) : 0);

/**
 * Vertical bars, one per value, side by side across `plot` and standing on its bottom edge; `gap` is the share of each
 * band left empty between bars.
 */
export function columns(values: readonly number[], top: number, plot: Box, gap = 0.25): Box[] {
  const band = plot.width / Math.max(1, values.length);
  return values.map((value, i) => {
    const height = barLength(value, top, plot.height);
    return {
      x: tenth(plot.x + i * band + (band * gap) / 2),
      y: tenth(plot.y + plot.height - height),
      width: tenth(band * (1 - gap)),
      height: tenth(height),
    };
  });
}

/** Horizontal bars, one per value, one under the other down `plot` and starting at its start edge. */
export function bars(values: readonly number[], top: number, plot: Box, gap = 0.3): Box[] {
  const band = plot.height / Math.max(1, values.length);
  return values.map((value, i) => ({
    x: tenth(plot.x),
    y: tenth(plot.y + i * band + (band * gap) / 2),
    width: tenth(barLength(value, top, plot.width)),
    height: tenth(band * (1 - gap)),
  }));
}

/** The height of a horizontal line for `value` on an axis up to `top` drawn in `plot` (a tick's gridline). */
export const levelOf = (value: number, top: number, plot: Box): number => tenth(plot.y + plot.height - along(value, top, plot.height));

/**
 * Each part's share of the whole (0 to 1), as whole percentages that add up to 100 (the largest remainders get the
 * rounding), so the shares a table shows and the segments a bar draws agree. No parts at all: every share is 0.
 */
export function shares(parts: readonly number[]): number[] {
  const total = parts.reduce((sum, part) => sum + Math.max(0, part), 0);
  if (total <= 0) return parts.map(() => 0);
  const exactPercents = parts.map((part) => (Math.max(0, part) / total) * 100);
  const percents = exactPercents.map(Math.floor);
  const short = 100 - percents.reduce((sum, p) => sum + p, 0);
  const byRemainder = exactPercents.map((p, i) => [p - Math.floor(p), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder.slice(0, short)) percents[i]! += 1;
  return percents.map((p) => p / 100);
}

/** The segments of one stacked bar across `plot` (one row of it), one per share, start to end. */
export function segments(parts: readonly number[], plot: Box): Box[] {
  let start = 0;
  return shares(parts).map((share) => {
    const box = { x: tenth(plot.x + start * plot.width), y: plot.y, width: tenth(share * plot.width), height: plot.height };
    start += share;
    return box;
  });
}

/** A box as a right-to-left page draws it in a frame `frameWidth` wide: the same distance from the other side. */
export const mirrored = (box: Box, frameWidth: number): Box => ({ ...box, x: tenth(frameWidth - box.x - box.width) });

/** A point's x in the same mirror. */
export const mirroredX = (x: number, frameWidth: number): number => tenth(frameWidth - x);
