import { type Axis, columns, levelOf, tenth } from "../../../commerce/desk/chart-geometry";
import type { TextDirection } from "../../../commerce/text-direction";
import { Bar, ChartSvg, FONT, sides } from "./chart-svg";
import { PALETTE } from "./palette";

const WIDTH = 480;
const HEIGHT = 200;
// Room for the value axis's labels at the start, and the column labels under the plot.
const PLOT = { x: 72, y: 10, width: WIDTH - 72 - 8, height: HEIGHT - 10 - 28 };

/**
 * Vertical bars, one per value, on a value axis with gridlines: the day's hours. `label` names the columns worth a
 * label under the axis (null for the rest), `tick` says an axis value.
 */
export function ColumnChart({
  id,
  title,
  values,
  axis,
  tick,
  label,
  colour,
  dir,
}: {
  id: string;
  title: string;
  values: readonly number[];
  axis: Axis;
  tick: (value: number) => string;
  label: (index: number) => string | null;
  colour: string;
  dir: TextDirection;
}) {
  const side = sides(dir, WIDTH);
  const boxes = columns(values, axis.top, PLOT);
  const base = PLOT.y + PLOT.height;
  return (
    <ChartSvg id={id} title={title} width={WIDTH} height={HEIGHT} dir={dir}>
      {axis.ticks.map((value) => {
        const y = levelOf(value, axis.top, PLOT);
        return (
          <g key={value}>
            <line x1={side.x(PLOT.x)} x2={side.x(PLOT.x + PLOT.width)} y1={y} y2={y} stroke={PALETTE.grid} />
            <text x={side.x(PLOT.x - 6)} y={y} dy="0.35em" textAnchor="end" fill={PALETTE.muted}>
              {tick(value)}
            </text>
          </g>
        );
      })}
      {boxes.map((box, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place on the axis
        box.height > 0 ? <Bar key={i} box={side.box(box)} fill={colour} /> : null,
      )}
      <line x1={side.x(PLOT.x)} x2={side.x(PLOT.x + PLOT.width)} y1={base} y2={base} stroke={PALETTE.axis} />
      {boxes.map((box, i) => {
        const text = label(i);
        return text === null ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place on the axis
          <text key={i} x={side.x(tenth(box.x + box.width / 2))} y={base + FONT + 4} textAnchor="middle" fill={PALETTE.muted}>
            {text}
          </text>
        );
      })}
    </ChartSvg>
  );
}
