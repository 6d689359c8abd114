import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, LINES, ONE_LINE, writtenText } from "../../commerce/typed-text";
import { jsonDepth } from "../../worker/store-import/bounded-json";

describe("typed text", () => {
  it("takes letters, punctuation and any alphabet on one line, and refuses every control character", () => {
    for (const text of ["", "Flat 4, 2nd Cross", "Crème brûlée", "ಬೆಂಗಳೂರು", "<b>&amp;</b>", "😀"])
      expect(ONE_LINE.test(text), text).toBe(true);
    for (let code = 0; code < 0x20; code++) expect(ONE_LINE.test(`a${String.fromCharCode(code)}b`), `U+${code}`).toBe(false);
    expect(ONE_LINE.test("\u007f")).toBe(false);
  });

  it("lets a written text break lines and tab, and nothing else of the controls", () => {
    expect(LINES.test("first line\r\nsecond\tline")).toBe(true);
    for (const control of ["\u0000", "\u0007", "\u000b", "\u000c", "\u001b", "\u007f"]) expect(LINES.test(`a${control}`)).toBe(false);
    expect(writtenText(10).parse(undefined)).toBe("");
    expect(writtenText(10).parse("  two\nlines ")).toBe("two\nlines");
    const refused = writtenText(10).safeParse("bell\u0007");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(writtenText(10).safeParse("x".repeat(11)).success).toBe(false);
  });
});

describe("JSON depth", () => {
  it("counts levels without recursing, stopping once past the bound", () => {
    expect(jsonDepth(1, 8)).toBe(0);
    expect(jsonDepth({}, 8)).toBe(1);
    expect(jsonDepth({ a: [1, { b: null }] }, 8)).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep, 8)).toBe(9);
  });
});
