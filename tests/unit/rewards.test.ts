import { describe, expect, it } from "vitest";
import { rewardEarned, rewardExpiry } from "../../commerce/rewards";

describe("rewardEarned", () => {
  it("is the percentage of the total, rounded down to the minor unit", () => {
    expect(rewardEarned(30_400, 5)).toBe(1520);
    expect(rewardEarned(27_945, 5)).toBe(1397);
    // 2.5% of 1999 is 49.975: never rounded up.
    expect(rewardEarned(1999, 2.5)).toBe(49);
  });

  it("is nothing without a rule or a total", () => {
    expect(rewardEarned(10_000, 0)).toBe(0);
    expect(rewardEarned(0, 5)).toBe(0);
    expect(rewardEarned(10_000, Number.NaN)).toBe(0);
  });
});

describe("rewardExpiry", () => {
  it("lapses the given days later, or never", () => {
    expect(rewardExpiry(1000, 90)).toBe(1000 + 90 * 86_400_000);
    expect(rewardExpiry(1000, null)).toBeNull();
  });
});
