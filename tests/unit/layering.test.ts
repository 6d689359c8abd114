import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

// docs/architecture.md: pages reach the Worker only through the origin client, so app/ may import types from
// worker/ but no code (a runtime import would also put Worker code in the browser's bundles).
describe("the page layer's imports", () => {
  it("take only types from worker/", () => {
    const offending = sourceFiles("app").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]*\/worker\/[^"]*)"/gms)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});

// The origin client is typed by the API's route table (tests/unit/origin-answer-types.test.ts), so a page never says
// what an answer is: a cast would hide the day a handler's answer changes. Refusals are read by app/lib/api-refusal.ts.
describe("origin answers in the page layer", () => {
  it("are never cast", () => {
    const casts = sourceFiles("app").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(\.json\(\)[^;\n]*\)|readOrigin\)?[^;\n]*\))\s+as\s+[A-Z{(]/g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(casts).toEqual([]);
  });
});

/** The room a file stands in: the folder right under `top`, or the file itself when it stands in `top`. */
function roomOf(top: string, file: string): string {
  const [first, ...rest] = relative(top, file).split(/[\\/]/);
  return rest.length > 0 ? `${top}/${first}/` : `${top}/${first}`;
}

/** Every import between two rooms of `top`, type imports too (they tie the rooms together as firmly). */
function roomImports(top: string): Map<string, Map<string, string>> {
  const files = new Set(sourceFiles(top).map((file) => normalize(file)));
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]*)"/gms)) {
      const target = normalize(join(dirname(file), match[1] ?? ""));
      const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((end) => target + end).find((path) => files.has(path));
      if (!found) continue;
      const [from, to] = [roomOf(top, file), roomOf(top, found)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)?.set(to, `${file} -> ${found}`);
    }
  }
  return graph;
}

/** One import on each loop of rooms (an import that climbs back up), found by a depth-first walk. */
function climbingImports(graph: Map<string, Map<string, string>>): string[] {
  const state = new Map<string, "open" | "done">();
  const climbing: string[] = [];
  const visit = (room: string) => {
    state.set(room, "open");
    for (const [next, why] of graph.get(room) ?? []) {
      if (state.get(next) === "open") climbing.push(why);
      else if (!state.has(next)) visit(next);
    }
    state.set(room, "done");
  };
  for (const room of [...graph.keys()].sort()) if (!state.has(room)) visit(room);
  return climbing;
}

// Decision 049: the folders of worker/ and of app/ stand on floors; no import runs from a lower one back up, so no
// two of them import each other, however indirectly. Route data types live in app/route-data.ts, not in the routes.
describe("the folders' imports", () => {
  for (const top of ["worker", "app"]) {
    it(`never climb back up in ${top}/`, () => {
      expect(climbingImports(roomImports(top))).toEqual([]);
    });
  }
});
