import { segments } from "../../../commerce/desk/chart-geometry";
import { RATINGS, type Rating } from "../../../commerce/desk/page-speed";
import type { TextDirection } from "../../../commerce/text-direction";
import { Bar, ChartSvg, FONT, sides } from "./chart-svg";
import { PALETTE, RATING_COLOURS } from "./palette";

const WIDTH = 480;
const START = 8;
const LEGEND_LINE = 22;
const LEGEND = RATINGS.length * LEGEND_LINE + 8;
const ROW = 50;
const BAR = 18;

export interface StackedRow {
  label: string;
  /** Good, needs improvement, poor: parts of a whole. */
  parts: readonly number[];
  /** Said at the row's end (the 75th percentile and its rating). */
  note: string;
}

/**
 * Each rating's fill: good plain, needs improvement striped, poor cross-hatched, so that the legend matches a segment
 * by its pattern as well as its colour.
 */
function Patterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-needs_improvement`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill={RATING_COLOURS.needs_improvement} />
        <rect width="2" height="6" fill={PALETTE.background} />
      </pattern>
      <pattern id={`${id}-poor`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill={RATING_COLOURS.poor} />
        <path d="M0 0L6 6M6 0L0 6" stroke={PALETTE.background} strokeWidth="1.2" />
      </pattern>
    </defs>
  );
}

const fillOf = (id: string, rating: Rating) => (rating === "good" ? RATING_COLOURS.good : `url(#${id}-${rating})`);

/**
 * One bar per row, split into its good, needs-improvement and poor shares, under the row's label and note, with a
 * legend above naming each rating beside its swatch: the page speed of each page kind and metric.
 */
export function StackedBars({
  id,
  title,
  rows,
  legend,
  dir,
}: {
  id: string;
  title: string;
  rows: readonly StackedRow[];
  /** Each rating's name, in RATINGS' order. */
  legend: readonly string[];
  dir: TextDirection;
}) {
  const side = sides(dir, WIDTH);
  const height = LEGEND + rows.length * ROW;
  return (
    <ChartSvg id={id} title={title} width={WIDTH} height={height} dir={dir}>
      <Patterns id={id} />
      {RATINGS.map((rating, i) => (
        <g key={rating}>
          <Bar box={side.box({ x: START, y: i * LEGEND_LINE + 4, width: 14, height: 14 })} fill={fillOf(id, rating)} />
          <text x={side.x(START + 22)} y={i * LEGEND_LINE + 4 + 7} dy="0.35em" textAnchor="start">
            {legend[i]}
          </text>
        </g>
      ))}
      {rows.map((row, i) => {
        const top = LEGEND + i * ROW;
        const boxes = segments(row.parts, { x: START, y: top + FONT + 8, width: WIDTH - 2 * START, height: BAR });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are listed in a fixed order
          <g key={i}>
            <text x={side.x(START)} y={top + FONT} textAnchor="start">
              {row.label}
            </text>
            <text x={side.x(WIDTH - START)} y={top + FONT} textAnchor="end" fill={PALETTE.muted}>
              {row.note}
            </text>
            {boxes.map((box, part) =>
              box.width > 0 ? (
                <Bar key={RATINGS[part]} box={side.box(box)} fill={fillOf(id, RATINGS[part]!)} stroke={PALETTE.background} />
              ) : null,
            )}
          </g>
        );
      })}
    </ChartSvg>
  );
}
