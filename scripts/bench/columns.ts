// The bench's tables on stdout.

/**
 * Lines of columns padded to their widest cell, two spaces apart: the first `text` columns left-aligned, the rest
 * (numbers) right-aligned; each line starts with `indent`.
 */
export function columns(header: string[], rows: string[][], text = 1, indent = ""): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => indent + cells.map((c, i) => (i < text ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}
