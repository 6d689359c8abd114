import { bars } from "../../../commerce/desk/chart-geometry";
import type { TextDirection } from "../../../commerce/text-direction";
import { Bar, ChartSvg, FONT, sides } from "./chart-svg";
import { PALETTE } from "./palette";

const WIDTH = 480;
const ROW = 44;
// The share of a row that is not bar: the bar sits under the label, so the row's band is offset by half of it.
const GAP = 0.6;
const LABEL = FONT + 8;
const START = 8;
// Room after the longest bar for its value ("₹12,345.50").
const VALUE_ROOM = 112;
// A name longer than this is cut in the picture; the table beside it has it whole.
const LONGEST_NAME = 52;

export interface BarRow {
  label: string;
  value: number;
  /** The value as the bar's end says it. */
  text: string;
}

const shortened = (name: string) => (name.length > LONGEST_NAME ? `${name.slice(0, LONGEST_NAME - 1)}…` : name);

/** Horizontal bars, longest first as given, each under its label with its value at its end: the top products. */
export function BarChart({
  id,
  title,
  rows,
  colour,
  dir,
}: {
  id: string;
  title: string;
  rows: readonly BarRow[];
  colour: string;
  dir: TextDirection;
}) {
  const side = sides(dir, WIDTH);
  const height = rows.length * ROW + 4;
  const top = Math.max(0, ...rows.map((row) => row.value));
  const boxes = bars(
    rows.map((row) => row.value),
    top,
    { x: START, y: LABEL - (ROW * GAP) / 2, width: WIDTH - START - VALUE_ROOM, height: rows.length * ROW },
    GAP,
  );
  return (
    <ChartSvg id={id} title={title} width={WIDTH} height={height} dir={dir}>
      {rows.map((row, i) => {
        const box = boxes[i]!;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are ranks
          <g key={i}>
            <text x={side.x(START)} y={i * ROW + FONT + 2} textAnchor="start">
              {shortened(row.label)}
            </text>
            <Bar box={side.box(box)} fill={colour} />
            <text x={side.x(box.x + box.width + 6)} y={box.y + box.height / 2} dy="0.35em" textAnchor="start" fill={PALETTE.muted}>
              {row.text}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
