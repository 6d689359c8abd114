import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

const LITERAL = /`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"/g;
const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|WHERE|VALUES)\b/;

// Decision 003: numbered placeholders only. A bare `?` next to `?1` binds by a rule nobody reads (one more than the
// largest so far), so a statement written in both styles binds the wrong values without an error.
describe("SQL in the code and the tests", () => {
  it("uses numbered placeholders only", () => {
    const bare = ["worker", "scripts", "tests"]
      .flatMap((dir) => sourceFiles(dir, /\.ts$/))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(LITERAL)]
          .map((match) => match[0])
          // A placeholder numbered by an expression (`?${5 + i}`) counts as numbered; other interpolations are dropped.
          .filter((text) => SQL.test(text) && /\?(?![\d.:[])/.test(text.replace(/\?\$\{[^}]*\}/g, "?0").replace(/\$\{[^}]*\}/g, "")))
          .map((text) => `${file}: ${text.slice(0, 80)}`),
      );
    expect(bare).toEqual([]);
  });

  // Decision 003, rule 2: rows are typed through D1's generics or rowsOf<Row>() where the query is written; a cast of a
  // result's rows anywhere else says what they are without the query beside it.
  const ROW_CAST = /\.results(?:\[[^\]]*\])?\)?\s+as\s+(?!const\b)/g;

  it.each([
    "const row = result?.results[0] as AddressRow | undefined;",
    "const open = (check?.results[0] as { open?: number } | undefined)?.open === 1;",
    "const rows = (await statement.all()).results as Row[];",
  ])("finds a cast of a result's rows: %s", (source) => {
    expect(source.match(ROW_CAST)).toHaveLength(1);
  });

  it("casts no result's rows outside rowsOf", () => {
    const casts = sourceFiles("worker", /\.ts$/)
      .filter((file) => file !== join("worker", "db", "sql.ts"))
      .flatMap((file) => (readFileSync(file, "utf8").match(ROW_CAST) ?? []).map((cast) => `${file}: ${cast}`));
    expect(casts).toEqual([]);
  });
});
