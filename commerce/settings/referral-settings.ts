import { toMinor } from "../money";
import type { Wallet } from "../wallet";
import type { RawSettings } from "./raw-settings";

/**
 * A store's referral rewards, from its site settings (strings, major units, like every setting):
 * - `referralRefereeReward`: what a new customer who registered with a friend's code gets when their first order is
 *   delivered (decision 038); absent or 0: nothing;
 * - `referralReferrerReward`: what the friend gets when that customer's first order is delivered; absent or 0: nothing;
 * - `referralWallet`: the wallet both are credited to, `cash` (default) or `reward`.
 */
export interface ReferralSettings {
  /** Minor units; 0: none. */
  refereeReward: number;
  referrerReward: number;
  wallet: Wallet;
}

function reward(text: string | undefined, decimalPlaces: number): number {
  const minor = text ? toMinor(Number(text), decimalPlaces) : null;
  return minor !== null && minor > 0 ? minor : 0;
}

export function referralSettingsFrom(settings: RawSettings, decimalPlaces: number): ReferralSettings {
  return {
    refereeReward: reward(settings.referralRefereeReward, decimalPlaces),
    referrerReward: reward(settings.referralReferrerReward, decimalPlaces),
    wallet: settings.referralWallet === "reward" ? "reward" : "cash",
  };
}
