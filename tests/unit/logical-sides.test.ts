import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { physicalSides } from "./physical-sides";
import { sourceFiles } from "./source-files";

/**
 * Where a physical side is right in every direction, with the reason; each entry must still be found, so a fixed one
 * is taken off. Keyed by file, then the class or CSS as written.
 */
const EXCEPTIONS: Record<string, Record<string, string>> = {};

const FILES = [...sourceFiles("app", /\.(ts|tsx|css)$/), "uno.config.ts"];

describe("page layout from logical sides (decision 076)", () => {
  it("finds the physical classes and CSS a right-to-left page would not turn round", () => {
    const bad = [
      '<div className="ml-2 mr-auto pl-4 pr-[10%] -mr-1 scroll-pl-2">',
      '<span className="absolute left-0 -right-2 focus:left-2 desktop:right-4 !left-1">',
      '<p className="text-left md:text-right float-left clear-right">',
      '<div className="rounded-l-lg rounded-r rounded-tl-xl rounded-br border-l border-r-2 border-l-brand">',
      '<ul className="flex space-x-2 [&_ul]:pl-5 translate-x-full -translate-x-1/2">',
      'const css = ".a{margin-left:4px;padding-right:1rem;left: 0;text-align:right;float: left}";',
    ].join("\n");
    expect(physicalSides(bad).map((side) => side.text)).toEqual([
      "ml-2",
      "mr-auto",
      "pl-4",
      "pr-[10%]",
      "-mr-1",
      "scroll-pl-2",
      "left-0",
      "-right-2",
      "focus:left-2",
      "desktop:right-4",
      "!left-1",
      "text-left",
      "md:text-right",
      "float-left",
      "clear-right",
      "rounded-l-lg",
      "rounded-r",
      "rounded-tl-xl",
      "rounded-br",
      "border-l",
      "border-r-2",
      "border-l-brand",
      "space-x-2",
      "[&_ul]:pl-5",
      "translate-x-full",
      "-translate-x-1/2",
      "margin-left",
      "padding-right",
      "left: 0",
      "text-align:right",
      "float: left",
    ]);
    expect(physicalSides(bad).map((side) => side.line)).toEqual([
      1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6,
    ]);
  });

  it("leaves the logical ones, and words that only look like a side, alone", () => {
    const good = [
      '<div className="ms-2 me-auto ps-4 pe-[10%] -me-1 start-0 -end-2 focus:start-2 text-start text-end">',
      '<div className="rounded-s-lg rounded-e rounded-lg rounded-t-2xl border-s border-e-2 inset-x-0 px-4 mx-auto gap-2">',
      '<p className="rtl:-scale-x-100 prose place-items-center">Left or right, the product page; the left-hand bar</p>',
      "// the pills shaded right: the cart's left-over lines",
      'const css = ".a{margin-inline-start:4px;inset-inline-end:0;text-align:start}";',
    ].join("\n");
    expect(physicalSides(good)).toEqual([]);
  });

  it("finds none in app/ or the UnoCSS config, beyond the exceptions", () => {
    const found: Record<string, string[]> = {};
    for (const file of FILES) {
      const sides = physicalSides(readFileSync(file, "utf8")).filter((side) => !(side.text in (EXCEPTIONS[file] ?? {})));
      if (sides.length) found[file] = sides.map((side) => `${side.line}: ${side.text}`);
    }
    expect(found).toEqual({});
  });

  it("still finds every exception, so none outlives its reason", () => {
    for (const [file, entries] of Object.entries(EXCEPTIONS)) {
      const texts = physicalSides(readFileSync(file, "utf8")).map((side) => side.text);
      for (const text of Object.keys(entries)) expect(texts, `${file}: ${text}`).toContain(text);
    }
  });
});
