import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { ReferralAnswer } from "../../worker/api/referrals";
import type { CheckWalletAnswer } from "../../worker/wallet";
import { call, newAccount, register } from "./accounts-helpers";
import { addToCart, NAAN, newKey, PANEER, place, saveAddress, totalAt } from "./checkout-helpers";
import { json } from "./request";

/**
 * Farming the referral reward as an attacker would (issue 30): throwaway accounts registered with one customer's code.
 * A reward is earned by the new customer's first delivered order (decision 038), so none of it is spendable.
 */

// Bursts of real concurrent requests: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("referral farming", () => {
  it("20 throwaway accounts with one code get nothing spendable, and none can pay an order from the wallet", async () => {
    const referrer = (await register()).signedIn;
    const code = (await json<ReferralAnswer>(await call("/api/user/referral", { method: "GET", token: referrer.token }))).code;
    const farmed = await Promise.all(
      Array.from({ length: 20 }, () => register({ ...newAccount(), referred_by: code } as ReturnType<typeof newAccount>)),
    );
    for (const { signedIn } of farmed) {
      const wallet = await json<CheckWalletAnswer>(await call("/api/check-wallet", { method: "GET", token: signedIn.token }));
      expect(wallet).toMatchObject({ wallet_balance: 0, reward_balance: 0 });
      // The code was taken (so nothing above passes for want of a referral): invited, the reward not yet earned.
      const mine = await json<ReferralAnswer>(await call("/api/user/referral", { method: "GET", token: signedIn.token }));
      expect(mine.invited_by).toMatchObject({ first_name: referrer.user.name.split(" ")[0], earned: false });
    }
    const after = await json<ReferralAnswer>(await call("/api/user/referral", { method: "GET", token: referrer.token }));
    expect(after).toMatchObject({ friends_joined: 20, friends_rewarded: 0 });
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM wallet_entries WHERE source IN ('referral_referee', 'referral_referrer') AND customer_id IN (SELECT referee_id FROM referrals WHERE referrer_id = ?1 UNION SELECT ?1)",
    )
      .bind(referrer.user.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
    // An order asking to be paid from the wallet pays nothing from it.
    const token = farmed[0]!.signedIn.token;
    const addressId = await saveAddress(token);
    await addToCart(token, [
      [PANEER, 1],
      [NAAN, 1],
    ]);
    const total = await totalAt(token, addressId);
    const placed = await place(token, newKey(), {
      fulfillment: "delivery",
      address_id: addressId,
      payment_method: "cod",
      expected_total: total,
      use_wallet: true,
      use_reward: true,
    });
    expect(placed.status).toBe(201);
    const { order } = await json<{ order: { bill: { wallet_amount: number; reward_amount: number; to_pay: number } } }>(placed);
    expect(order.bill).toMatchObject({ wallet_amount: 0, reward_amount: 0, to_pay: total });
  });
});
