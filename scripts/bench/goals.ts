// The speed issue's goals, checked against one run's figures.

export interface Goal {
  /** What is measured, e.g. "home CPU ÷ floor CPU". */
  label: string;
  limit: number;
  unit: "×floor" | "ms" | "KiB" | "s";
  /** Absent when the figure was not measured in this run (target not timed, LCP skipped). */
  value?: number;
  ok?: boolean;
}

export const goal = (label: string, limit: number, unit: Goal["unit"], value: number | undefined): Goal =>
  value === undefined || !Number.isFinite(value) ? { label, limit, unit } : { label, limit, unit, value, ok: value <= limit };

export function printGoals(goals: Goal[]): void {
  console.log("\nGoals (CPU from the runtime, this run; LCP under slow 4G and 4× CPU):");
  const width = Math.max(...goals.map((g) => g.label.length + 8));
  for (const g of goals) {
    const label = `${g.label} ≤ ${g.limit}${g.unit === "×floor" ? "×" : ` ${g.unit}`}`.padEnd(width + 6);
    const value = g.value === undefined ? "n/a (not measured)" : `${g.value.toFixed(2)}${g.unit === "×floor" ? "×" : ` ${g.unit}`}`;
    console.log(`  ${label}  ${value.padStart(9)}  ${g.ok === undefined ? "" : g.ok ? "ok" : "OVER"}`);
  }
}
