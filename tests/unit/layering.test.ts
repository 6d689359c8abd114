import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
      [...readFileSync(file, "utf8").matchAll(/(\.json\(\)[^;\n]*\)|readOrigin\)?[^;\n]*\))\s+as\s+[A-Z{]/g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(casts).toEqual([]);
  });
});
