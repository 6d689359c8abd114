// The bench's tables of where each target's isolate CPU went: by part (attribution.ts), and the hottest functions.
import { PARTS, type Split } from "./attribution";
import { columns } from "./columns";

interface SplitRow {
  name: string;
  runtimeCpuMsPerReq: number;
  split?: Split;
}

/** One line per target with a split: its CPU ms/req, then each part's ms/req and share. */
export function splitTable(rows: SplitRow[], plain?: SplitRow): string {
  const header = ["target", "CPU ms/req", "×plain", ...PARTS.map((part) => `${part} ms (share)`)];
  const lines = rows.flatMap((r) =>
    r.split
      ? [
          [
            r.name,
            r.runtimeCpuMsPerReq.toFixed(2),
            plain ? (r.runtimeCpuMsPerReq / plain.runtimeCpuMsPerReq).toFixed(2) : "—",
            ...PARTS.map((part) => `${r.split!.msPerReq[part].toFixed(2)} (${(100 * r.split!.share[part]).toFixed(0)}%)`),
          ],
        ]
      : [],
  );
  return columns(header, lines, 1);
}

/** The `n` hottest source functions of one target by self time, with their total time, ms per request. */
export function hotTable(row: SplitRow, n = 15): string {
  const header = ["function", "where", "part", "self ms", "total ms"];
  const lines = (row.split?.hot ?? []).slice(0, n).map((f) => [f.name, f.where, f.part ?? "—", f.selfMs.toFixed(3), f.totalMs.toFixed(3)]);
  return columns(header, lines, 3, "  ");
}
