import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorAnswer } from "../../scripts/api-docs/answers";
import { CALLS } from "../../scripts/api-docs/calls";
import { callsOf, renderApiDocs } from "../../scripts/api-docs/render";
import { api } from "../../worker/api";

describe("docs/api.md", () => {
  it("is what the route table and schemas say (run `npm run docs:api` after changing a call)", () => {
    expect(readFileSync("docs/api.md", "utf8")).toBe(renderApiDocs(api.routes, errorAnswer));
  });

  it("documents every call there is, and no call there is not", () => {
    const routes = [...callsOf(api.routes).keys()].sort();
    expect(Object.keys(CALLS).sort()).toEqual(routes);
  });

  it("names answer types that their files export", () => {
    for (const [key, doc] of Object.entries(CALLS)) {
      if (!("type" in doc.answer)) continue;
      const { type, file } = doc.answer;
      expect(existsSync(file), `${key}: ${file}`).toBe(true);
      // `Page<OrderSummary>` names its own type's file: one of the names must be exported there.
      const source = readFileSync(file, "utf8");
      const names = type.match(/[A-Za-z]+/g) ?? [];
      const exported = names.filter((name) => new RegExp(`export (interface|type) ${name}\\b`).test(source));
      expect(exported, `${key}: ${file} exports one of ${names.join(", ")}`).not.toEqual([]);
    }
  });
});
