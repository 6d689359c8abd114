import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const docs = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
];

// A clone of the repository is all a reader has: the README and docs/ stand on their own.
describe("the README and docs/", () => {
  it.each(docs)("%s points at nothing outside the repository", (file) => {
    const text = readFileSync(file, "utf8");
    expect(text).not.toMatch(/\.\.\/shared|\/work\/|DESIGN\.md|storefront-spec/);
  });

  it.each(docs)("%s links only to files that exist", (file) => {
    const text = readFileSync(file, "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      expect(existsSync(join(dirname(file), target!)), `${file} → ${target}`).toBe(true);
    }
  });
});
