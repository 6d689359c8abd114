import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md: every record has a status, the index lists every record, a number without a record says
// why, and a record that says it was superseded names records that exist.
const DIR = "docs/decisions";
const records = readdirSync(DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => ({ name, number: name.slice(0, 3), lines: readFileSync(join(DIR, name), "utf8").split("\n") }));
const index = readFileSync(join(DIR, "README.md"), "utf8");
const neverUsed = [...(index.split("## Numbers never used")[1] ?? "").matchAll(/^- (\d{3})$/gm)].map((m) => m[1]!);

describe("decision records", () => {
  it.each(records)("$name has its number in its title and a status on its third line", ({ number, lines }) => {
    expect(lines[0]).toMatch(new RegExp(`^# ${number}\\. \\S`));
    expect(lines[2]).toMatch(/^Status: (accepted|superseded|proposed)\b/);
  });

  it("are listed in the index, each with its title", () => {
    for (const { name, number, lines } of records) {
      expect(index).toContain(`| [${number}](${name}) | ${lines[0]!.replace(/^# \d{3}\. /, "")} |`);
    }
    expect([...index.matchAll(/^\| \[\d{3}\]/gm)]).toHaveLength(records.length);
  });

  it("leave no number out unless the index says it was never used", () => {
    const last = Number(records.at(-1)!.number);
    const present = new Set(records.map((r) => r.number));
    const missing = Array.from({ length: last }, (_, i) => String(i + 1).padStart(3, "0")).filter((n) => !present.has(n));
    expect(missing).toEqual(neverUsed);
  });

  it("name, when superseded, records that exist", () => {
    const numbers = new Set(records.map((r) => r.number));
    for (const { name, lines } of records) {
      const status = lines.slice(2, lines.indexOf("", 2)).join(" ");
      if (!/superseded/i.test(status)) continue;
      const named = [...status.matchAll(/\bby (\d{3})\b/g)].map((m) => m[1]!);
      expect(named.length, name).toBeGreaterThan(0);
      for (const n of named) expect(numbers.has(n), `${name} names ${n}`).toBe(true);
    }
  });
});
