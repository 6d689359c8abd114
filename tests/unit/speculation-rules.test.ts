import { describe, expect, it } from "vitest";
import { speculationFor, speculationRules } from "../../app/lib/speculation-rules";
import { asksToSaveData } from "../../web/save-data";

describe("speculation rules (decision 069)", () => {
  it("prerender an anonymous visitor's next page, prefetch a signed-in shopper's, nothing when saving data", () => {
    expect(speculationFor({ saveData: false, signedIn: false })).toBe("prerender");
    expect(speculationFor({ saveData: false, signedIn: true })).toBe("prefetch");
    expect(speculationFor({ saveData: true, signedIn: false })).toBeNull();
    expect(speculationFor({ saveData: true, signedIn: true })).toBeNull();
  });

  it("name only product and category addresses without a query, on intent", () => {
    const [rule] = speculationRules("prefetch").prefetch!;
    expect(rule).toEqual({
      source: "document",
      where: {
        and: [
          {
            href_matches: [
              { pathname: "/product/*", search: "" },
              { pathname: "/category/*", search: "" },
            ],
          },
          { not: { selector_matches: "[data-no-speculation]" } },
        ],
      },
      eagerness: "moderate",
    });
  });

  it("read Save-Data: on, and nothing else, as asking to save data", () => {
    const ask = (value?: string) => asksToSaveData(new Headers(value === undefined ? {} : { "Save-Data": value }));
    expect(ask("on")).toBe(true);
    expect(ask(" On ")).toBe(true);
    expect(ask("off")).toBe(false);
    expect(ask("")).toBe(false);
    expect(ask()).toBe(false);
  });
});
