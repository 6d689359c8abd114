import type { ReactNode } from "react";

/** A table row: its name (the row's header), then its figures. */
export type TableRow = readonly [name: string, ...figures: string[]];

/**
 * A chart's table: a caption naming it, a header per column, a header naming each row, and an optional total row.
 * `scrolls`: wider than a phone, so it scrolls in a region named by its caption that a keyboard can reach.
 */
function DataTable({
  id,
  caption,
  head,
  rows,
  foot,
  scrolls,
}: {
  id: string;
  caption: string;
  head: readonly string[];
  rows: readonly TableRow[];
  foot?: TableRow;
  scrolls?: boolean;
}) {
  // Keyed by place: rows keep their order, and two products may share a name.
  const row = ([name, ...figures]: TableRow, i: number) => (
    <tr key={i}>
      <th scope="row">{name}</th>
      {figures.map((figure, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
        <td key={j}>{figure}</td>
      ))}
    </tr>
  );
  const table = (
    <table>
      <caption id={`${id}-caption`}>{caption}</caption>
      <thead>
        <tr>
          {head.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(row)}</tbody>
      {foot ? <tfoot>{row(foot, 0)}</tfoot> : null}
    </table>
  );
  return scrolls ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, so a keyboard must reach it (WCAG 2.1.1)
    <section className="desk-table-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
      {table}
    </section>
  ) : (
    table
  );
}

/**
 * A chart's figure: its pictures (SVG, each an image with its own name), and beside them the same figures as a table,
 * which is what a screen reader reads and what works where the pictures do not.
 */
export function ChartFigure({ pictures, ...table }: { pictures: ReactNode } & Parameters<typeof DataTable>[0]) {
  return (
    <figure className="desk-chart">
      <div className="desk-chart-pictures">{pictures}</div>
      <DataTable {...table} />
    </figure>
  );
}
