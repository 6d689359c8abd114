// The speed issue's goals, checked against one run's figures.

export interface Goal {
  /** What is measured, e.g. "home CPU ÷ plain". */
  label: string;
  limit: number;
  unit: "×plain" | "ms" | "KiB" | "s" | "round trips";
  /** Absent when the figure was not measured in this run (target not timed, LCP skipped). */
  value?: number;
  ok?: boolean;
  /** Shown after the verdict, for information (not judged). */
  note?: string;
}

export function goal(label: string, limit: number, unit: Goal["unit"], value: number | undefined, note?: string): Goal {
  const base: Goal = note === undefined ? { label, limit, unit } : { label, limit, unit, note };
  return value === undefined || !Number.isFinite(value) ? base : { ...base, value, ok: value <= limit };
}

export function printGoals(goals: Goal[]): void {
  console.log("\nGoals (CPU from the runtime, this run; LCP under slow 4G and 4× CPU):");
  const width = Math.max(...goals.map((g) => g.label.length + 8));
  for (const g of goals) {
    const label = `${g.label} ≤ ${g.limit}${g.unit === "×plain" ? "×" : ` ${g.unit}`}`.padEnd(width + 6);
    const value =
      g.value === undefined
        ? "n/a (not measured)"
        : `${g.value.toFixed(g.unit === "round trips" ? 0 : 2)}${g.unit === "×plain" ? "×" : ` ${g.unit}`}`;
    const verdict = g.ok === undefined ? "" : g.ok ? "ok  " : "OVER";
    console.log(`  ${label}  ${value.padStart(9)}  ${verdict}${g.note ? `  (${g.note})` : ""}`.trimEnd());
  }
}
