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

// DESIGN.md section 2: pages reach the Worker only through the origin client, so app/ may import types from
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
