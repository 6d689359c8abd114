import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPublicId, newPublicId, PUBLIC_ID } from "../../commerce/ids";
import { sourceFiles } from "./source-files";

describe("public ids (commerce/ids.ts)", () => {
  it("accepts what newPublicId makes, and nothing a character longer, shorter or outside base64url", () => {
    for (let i = 0; i < 50; i++) expect(isPublicId(newPublicId())).toBe(true);
    const made = newPublicId();
    expect(isPublicId(made.slice(1))).toBe(false);
    expect(isPublicId(`${made}A`)).toBe(false);
    expect(isPublicId(`${made.slice(1)}+`)).toBe(false);
    expect(isPublicId(null)).toBe(false);
  });

  // commerce/ids.ts defines the identifier formats once; a copy elsewhere drifts the day the format changes.
  it("is written out nowhere else", () => {
    const copies = ["app", "worker", "commerce"]
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => file !== join("commerce", "ids.ts"))
      .filter((file) => readFileSync(file, "utf8").includes(PUBLIC_ID.source));
    expect(copies).toEqual([]);
  });
});
