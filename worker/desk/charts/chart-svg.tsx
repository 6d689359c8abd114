import type { ReactNode } from "react";
import { type Box, mirrored, mirroredX } from "../../../commerce/desk/chart-geometry";
import type { TextDirection } from "../../../commerce/text-direction";
import { PALETTE } from "./palette";

/** The charts' text size in SVG units: about 10 px where a phone draws a 480-unit chart across its width. */
export const FONT = 14;

/**
 * A chart as one image: `role="img"` named by its own title (the table beside it carries the figures), its text in
 * the page's direction so that `start` and `end` anchors turn round with it.
 */
export function ChartSvg({
  id,
  title,
  width,
  height,
  dir,
  children,
}: {
  id: string;
  title: string;
  width: number;
  height: number;
  dir: TextDirection;
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      direction={dir}
      fontSize={FONT}
      fill={PALETTE.text}
    >
      <title id={`${id}-title`}>{title}</title>
      {children}
    </svg>
  );
}

/**
 * Where a chart laid out from its start side draws: as laid out on a left-to-right page, in the mirror on a
 * right-to-left one (the geometry is written once, from the start).
 */
export function sides(dir: TextDirection, width: number) {
  const rtl = dir === "rtl";
  return {
    box: (box: Box): Box => (rtl ? mirrored(box, width) : box),
    x: (x: number): number => (rtl ? mirroredX(x, width) : x),
  };
}

/** A bar; `stroke` outlines it, to part it from the one beside it. */
export function Bar({ box, fill, stroke }: { box: Box; fill: string; stroke?: string }) {
  return <rect x={box.x} y={box.y} width={box.width} height={box.height} fill={fill} stroke={stroke} />;
}
