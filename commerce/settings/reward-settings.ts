import { toMinor } from "../money";
import type { RawSettings } from "./raw-settings";

/**
 * A store's reward rules, from its site settings (strings, major units for money; decision 027):
 * - `rewardMaxPerOrder`: the most reward one order may use; absent: no cap;
 * - `rewardPercent`: the reward a delivered order earns, as a percentage of its total; absent or 0: none;
 * - `rewardExpiryDays`: how long an earned reward lasts; absent or 0: it never lapses.
 */
export interface RewardSettings {
  /** Minor units; null: no cap. */
  maxPerOrder: number | null;
  /** 0 to 100, may have decimals (2.5). */
  percent: number;
  /** Null: never lapses. */
  expiryDays: number | null;
}

export function rewardSettingsFrom(settings: RawSettings, decimalPlaces: number): RewardSettings {
  const cap = settings.rewardMaxPerOrder ? toMinor(Number(settings.rewardMaxPerOrder), decimalPlaces) : null;
  const percent = Number(settings.rewardPercent ?? 0);
  const days = Number(settings.rewardExpiryDays ?? 0);
  return {
    maxPerOrder: cap !== null && cap >= 0 ? cap : null,
    percent: Number.isFinite(percent) && percent > 0 && percent <= 100 ? percent : 0,
    expiryDays: Number.isInteger(days) && days > 0 ? days : null,
  };
}
