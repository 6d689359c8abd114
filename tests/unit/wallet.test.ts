import { describe, expect, it } from "vitest";
import { spendFrom, splitPayment } from "../../commerce/wallet";

describe("spendFrom", () => {
  const credits = [
    { id: 1, remaining: 500, expiresAt: null },
    { id: 2, remaining: 300, expiresAt: 2_000 },
    { id: 3, remaining: 200, expiresAt: 1_000 },
    { id: 4, remaining: 100, expiresAt: 1_000 },
  ];

  it("spends the soonest to lapse first, older first among equals, never-lapsing last", () => {
    expect(spendFrom(credits, 550)).toEqual([
      { id: 3, take: 200 },
      { id: 4, take: 100 },
      { id: 2, take: 250 },
    ]);
    expect(spendFrom(credits, 1_100)).toEqual([
      { id: 3, take: 200 },
      { id: 4, take: 100 },
      { id: 2, take: 300 },
      { id: 1, take: 500 },
    ]);
  });

  it("is null when the credits do not cover the amount, and empty for nothing", () => {
    expect(spendFrom(credits, 1_101)).toBeNull();
    expect(spendFrom([], 1)).toBeNull();
    expect(spendFrom(credits, 0)).toEqual([]);
  });
});

describe("splitPayment", () => {
  const base = { total: 1_000, cashBalance: 700, rewardBalance: 400, rewardCap: 150, useCash: true, useReward: true };

  it("takes reward up to the cap, then cash, and leaves the rest to pay", () => {
    expect(splitPayment(base)).toEqual({ reward: 150, cash: 700, rest: 150 });
    expect(splitPayment({ ...base, cashBalance: 5_000 })).toEqual({ reward: 150, cash: 850, rest: 0 });
    expect(splitPayment({ ...base, rewardCap: null, rewardBalance: 1_500 })).toEqual({ reward: 1_000, cash: 0, rest: 0 });
  });

  it("uses only the wallets the shopper chose", () => {
    expect(splitPayment({ ...base, useReward: false })).toEqual({ reward: 0, cash: 700, rest: 300 });
    expect(splitPayment({ ...base, useCash: false })).toEqual({ reward: 150, cash: 0, rest: 850 });
    expect(splitPayment({ ...base, useCash: false, useReward: false })).toEqual({ reward: 0, cash: 0, rest: 1_000 });
  });
});
