import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Ran, Step, shapeResults, statementsOf, step } from "../../worker/db/batch";
import { sourceFiles } from "./source-files";

/** A statement as `batch.ts` sees it: opaque, only ever passed on. */
const statement = (name: string) => ({ name }) as unknown as D1PreparedStatement;
const result = <Row>(rows: Row[], changes = 0) => ({ results: rows, success: true, meta: { changes } }) as unknown as D1Result<Row>;

describe("named batch results (decision 065)", () => {
  const steps = {
    write: step(statement("write")),
    group: { first: step<{ a: number }>(statement("first")), skipped: undefined, second: step<{ b: string }>(statement("second")) },
    list: [step<{ c: boolean }>(statement("list 1")), step<{ c: boolean }>(statement("list 2"))],
    last: step<{ d: number }>(statement("last")),
  };

  it("runs the statements in the order they are written, depth first, leaving out a member that is undefined", () => {
    expect(statementsOf(steps).map((s) => (s as unknown as { name: string }).name)).toEqual([
      "write",
      "first",
      "second",
      "list 1",
      "list 2",
      "last",
    ]);
  });

  it("gives each statement its own result under its name", () => {
    const ran = shapeResults(steps, [
      result([], 1),
      result([{ a: 1 }]),
      result([{ b: "two" }]),
      result([{ c: true }]),
      result([{ c: false }]),
      result([{ d: 4 }]),
    ]) as Ran<typeof steps>;
    expect(ran.write.meta.changes).toBe(1);
    expect(ran.group.first.results).toEqual([{ a: 1 }]);
    expect(ran.group.second.results).toEqual([{ b: "two" }]);
    expect(ran.group.skipped).toBeUndefined();
    expect(ran.list.map((r) => r.results[0]?.c)).toEqual([true, false]);
    expect(ran.last.results).toEqual([{ d: 4 }]);
  });

  it("refuses a batch that answered another number of results than it has statements", () => {
    expect(() => shapeResults(steps, [result([])])).toThrow(/6 statements answered 1 results/);
  });

  it("refuses a step named by a number, which JavaScript would run first whatever its place", () => {
    expect(() => statementsOf({ later: step(statement("later")), 0: step(statement("first?")) })).toThrow(/a word, not a number: "0"/);
  });

  it("types each result by the row its step declares", () => {
    const typed = (ran: Ran<typeof steps>) => {
      const a: number | undefined = ran.group.first.results[0]?.a;
      // @ts-expect-error: the first step's rows have no `b`
      const wrong: string | undefined = ran.group.first.results[0]?.b;
      // @ts-expect-error: no step is named `missing`
      const missing = ran.missing;
      return [a, wrong, missing];
    };
    expect(typeof typed).toBe("function");
    expect(new Step(statement("x")).statement).toEqual({ name: "x" });
  });
});

/** `db.batch(`, `env.DB.batch<Row>(` and the like: a batch run other than through `namedBatch`. */
const RAW_BATCH = /\.batch\s*[<(]/g;
/** A batch's results read by position: `results[5]`, `results[pricing.length + 1]`, `results.slice(4)`, `results.at(-1)`. */
const BY_POSITION = /\bresults\s*(?:\[(?!0\])[^\]]+\]|\.(?:slice|at|shift)\()/g;
/** What may call `.batch(` itself: the helper, and the two wrappers that are a D1Database (decision 055). */
const MAY_BATCH = new Set([
  join("worker", "db", "batch.ts"),
  join("worker", "db", "metered-db.ts"),
  join("worker", "db", "session-gate.ts"),
]);

describe("batches in the Worker", () => {
  it.each(["const [rows, count] = await db.batch<Row>([", "await env.DB.batch(statements);", "return db.batch ([a, b]);"])(
    "finds a batch run by hand: %s",
    (source) => {
      expect(source.match(RAW_BATCH)).toHaveLength(1);
    },
  );

  it.each([
    "return { ...options, available: soldFrom(results[5]) };",
    "earlier: rowsOf<KeyedOrder>(results[pricing.length + 1])[0]",
    "return { value: toLine(row), reads: results.slice(4) };",
    "signedInFrom(results.at(-1 - after.length), token)",
  ])("finds a result read by position: %s", (source) => {
    expect(source.match(BY_POSITION)).toHaveLength(1);
  });

  it.each(["const row = ran.order.results[0];", "ran.lines.results.map(toLine)"])("lets a named result be read: %s", (source) => {
    expect(source.match(BY_POSITION)).toBeNull();
  });

  it("runs every batch through namedBatch", () => {
    const found = ["worker", "scripts"]
      .flatMap((dir) => sourceFiles(dir, /\.ts$/))
      .filter((file) => !MAY_BATCH.has(file))
      .flatMap((file) => (readFileSync(file, "utf8").match(RAW_BATCH) ?? []).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
  });

  it("reads no result by position", () => {
    const found = sourceFiles("worker", /\.ts$/)
      .filter((file) => file !== join("worker", "db", "batch.ts"))
      .flatMap((file) => (readFileSync(file, "utf8").match(BY_POSITION) ?? []).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
  });
});
