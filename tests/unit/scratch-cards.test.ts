import { describe, expect, it } from "vitest";
import { cardStatus, clearedShare, pickAmount, scratchCardRules } from "../../commerce/scratch-cards";

describe("scratch card rules", () => {
  it("are on only when enabled with a usable range; expiry and wallet have defaults", () => {
    expect(scratchCardRules({ scratchCardsEnabled: "true", scratchCardMin: "10", scratchCardMax: "50" })).toEqual({
      min: 10,
      max: 50,
      expiryDays: 30,
      wallet: "reward",
    });
    expect(
      scratchCardRules({
        scratchCardsEnabled: "true",
        scratchCardMin: "5",
        scratchCardMax: "5",
        scratchCardExpiryDays: "7",
        scratchCardWallet: "cash",
      }),
    ).toEqual({ min: 5, max: 5, expiryDays: 7, wallet: "cash" });
    expect(scratchCardRules({})).toBeNull();
    expect(scratchCardRules({ scratchCardsEnabled: "false", scratchCardMin: "10", scratchCardMax: "50" })).toBeNull();
    expect(scratchCardRules({ scratchCardsEnabled: "true", scratchCardMin: "60", scratchCardMax: "50" })).toBeNull();
    expect(scratchCardRules({ scratchCardsEnabled: "true", scratchCardMin: "0", scratchCardMax: "50" })).toBeNull();
    expect(scratchCardRules({ scratchCardsEnabled: "true", scratchCardMin: "1.5", scratchCardMax: "50" })).toBeNull();
    expect(scratchCardRules({ scratchCardsEnabled: "true", scratchCardMin: "10" })).toBeNull();
  });

  it("pick every whole amount of the range and nothing outside it", () => {
    const rules = { min: 10, max: 50 };
    const seen = new Set<number>();
    for (let r = 0; r < 1000; r++) seen.add(pickAmount(rules, r));
    expect(Math.min(...seen)).toBe(10);
    expect(Math.max(...seen)).toBe(50);
    expect(seen.size).toBe(41);
    expect(pickAmount(rules, 0xffffffff)).toBeLessThanOrEqual(50);
  });

  it("call an unscratched card past its time expired, never a redeemed one", () => {
    expect(cardStatus("unscratched", 100, 99)).toBe("unscratched");
    expect(cardStatus("unscratched", 100, 100)).toBe("expired");
    expect(cardStatus("redeemed", 100, 200)).toBe("redeemed");
  });

  it("measure how much of the foil is wiped", () => {
    const pixels = (alphas: number[]) => alphas.flatMap((a) => [0, 0, 0, a]);
    expect(clearedShare(pixels([255, 255, 0, 0]), 1)).toBe(0.5);
    expect(clearedShare(pixels([255, 255, 255, 0]), 1)).toBe(0.25);
    expect(clearedShare([], 1)).toBe(0);
  });
});
