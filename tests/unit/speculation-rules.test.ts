import { describe, expect, it } from "vitest";
import { speculationFor, speculationRules } from "../../app/lib/speculation-rules";
import { asksToSaveData } from "../../web/save-data";

describe("speculation rules (decision 069)", () => {
  it("prerender an anonymous visitor's next page, prefetch a signed-in shopper's, nothing when saving data", () => {
    const pathname = "/category/pizzas";
    expect(speculationFor({ pathname, saveData: false, signedIn: false })).toBe("prerender");
    expect(speculationFor({ pathname, saveData: false, signedIn: true })).toBe("prefetch");
    expect(speculationFor({ pathname, saveData: true, signedIn: false })).toBeNull();
    expect(speculationFor({ pathname, saveData: true, signedIn: true })).toBeNull();
  });

  it("on the catalogue's pages only", () => {
    const on = (pathname: string) => speculationFor({ pathname, saveData: false, signedIn: false }) !== null;
    for (const pathname of ["/", "/category/pizzas", "/product/margherita-pizza", "/search", "/page/about-us"])
      expect(on(pathname), pathname).toBe(true);
    for (const pathname of [
      "/cart",
      "/checkout",
      "/account",
      "/account/wallet",
      "/login",
      "/register",
      "/location",
      "/product/reviews/26",
      "/api/get-data",
      "/category/x/y",
    ])
      expect(on(pathname), pathname).toBe(false);
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
