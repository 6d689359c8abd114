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
    expect(splitPayment(base)).toEqual({ reward: 150, cash: 700, rest: 150, heldBack: 0 });
    expect(splitPayment({ ...base, cashBalance: 5_000 })).toEqual({ reward: 150, cash: 850, rest: 0, heldBack: 0 });
    expect(splitPayment({ ...base, rewardCap: null, rewardBalance: 1_500 })).toEqual({ reward: 1_000, cash: 0, rest: 0, heldBack: 0 });
  });

  it("uses only the wallets the shopper chose", () => {
    expect(splitPayment({ ...base, useReward: false })).toEqual({ reward: 0, cash: 700, rest: 300, heldBack: 0 });
    expect(splitPayment({ ...base, useCash: false })).toEqual({ reward: 150, cash: 0, rest: 850, heldBack: 0 });
    expect(splitPayment({ ...base, useCash: false, useReward: false })).toEqual({ reward: 0, cash: 0, rest: 1_000, heldBack: 0 });
  });

  describe("never leaves a rest the gateway cannot take", () => {
    const minimumRest = 100;

    it("uses a little less reward: a ₹50 order with ₹49.85 of rewards pays ₹1.00 and keeps ₹0.85 of reward", () => {
      const input = { total: 5_000, cashBalance: 0, rewardBalance: 4_985, rewardCap: null, useCash: false, useReward: true };
      expect(splitPayment(input)).toEqual({ reward: 4_985, cash: 0, rest: 15, heldBack: 0 });
      expect(splitPayment({ ...input, minimumRest })).toEqual({ reward: 4_900, cash: 0, rest: 100, heldBack: 85 });
    });

    it("holds back cash before reward, and reward once the cash is spent", () => {
      const input = { total: 5_000, cashBalance: 30, rewardBalance: 4_950, rewardCap: null, useCash: true, useReward: true, minimumRest };
      expect(splitPayment(input)).toEqual({ reward: 4_900, cash: 0, rest: 100, heldBack: 80 });
      expect(splitPayment({ ...input, cashBalance: 4_000, rewardBalance: 990 })).toEqual({
        reward: 990,
        cash: 3_910,
        rest: 100,
        heldBack: 90,
      });
    });

    it("leaves a rest of zero or of at least the minimum as it is", () => {
      const input = { total: 5_000, cashBalance: 5_000, rewardBalance: 0, rewardCap: null, useCash: true, useReward: false, minimumRest };
      expect(splitPayment(input)).toEqual({ reward: 0, cash: 5_000, rest: 0, heldBack: 0 });
      expect(splitPayment({ ...input, cashBalance: 4_900 })).toEqual({ reward: 0, cash: 4_900, rest: 100, heldBack: 0 });
    });

    it("keeps the whole total as the rest for an order below the minimum the wallets cannot cover", () => {
      const input = { total: 50, cashBalance: 30, rewardBalance: 0, rewardCap: null, useCash: true, useReward: false, minimumRest };
      expect(splitPayment(input)).toEqual({ reward: 0, cash: 0, rest: 50, heldBack: 30 });
      expect(splitPayment({ ...input, cashBalance: 60 })).toEqual({ reward: 0, cash: 50, rest: 0, heldBack: 0 });
    });
  });
});
