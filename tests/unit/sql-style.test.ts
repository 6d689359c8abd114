import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

const LITERAL = /`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"/g;
const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|WHERE|VALUES)\b/;

// Decision 003: numbered placeholders only. A bare `?` next to `?1` binds by a rule nobody reads (one more than the
// largest so far), so a statement written in both styles binds the wrong values without an error.
describe("SQL in the code and the tests", () => {
  it("uses numbered placeholders only", () => {
    const bare = ["worker", "scripts", "tests"].flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(LITERAL)]
        .map((match) => match[0])
        // A placeholder numbered by an expression (`?${5 + i}`) counts as numbered; other interpolations are dropped.
        .filter((text) => SQL.test(text) && /\?(?![\d.:[])/.test(text.replace(/\?\$\{[^}]*\}/g, "?0").replace(/\$\{[^}]*\}/g, "")))
        .map((text) => `${file}: ${text.slice(0, 80)}`),
    );
    expect(bare).toEqual([]);
  });
});
