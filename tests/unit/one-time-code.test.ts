import { describe, expect, it } from "vitest";
import { sixDigitCode } from "../../worker/accounts/one-time-code";

/** Draws the given numbers in turn. */
function drawing(...numbers: number[]): () => number {
  return () => numbers.shift()!;
}

describe("six-digit codes", () => {
  it("redraws the top of the 32-bit range, where some codes would come up once more than others", () => {
    // 4,294,000,000 is the largest multiple of 10^6 below 2^32: it and everything above are redrawn.
    expect(sixDigitCode(drawing(2 ** 32 - 1, 4_294_000_000, 4_293_999_999))).toBe("999999");
    expect(sixDigitCode(drawing(4_294_967_295, 123))).toBe("000123");
  });

  it("keeps leading zeros and always has six digits", () => {
    expect(sixDigitCode(drawing(0))).toBe("000000");
    for (let i = 0; i < 1000; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });
});
