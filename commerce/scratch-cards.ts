import { WALLETS, type Wallet } from "./wallet";

/**
 * The scratch-card rules (issue 13): a delivered order of a customer earns a card, where the store enables them, with a
 * random whole amount in the store's range, to be scratched before it lapses.
 */

export interface ScratchCardRules {
  /** Whole major units, 1 ≤ min ≤ max. */
  min: number;
  max: number;
  expiryDays: number;
  wallet: Wallet;
}

export const SCRATCH_CARD_SETTING_KEYS = [
  "scratchCardsEnabled",
  "scratchCardMin",
  "scratchCardMax",
  "scratchCardExpiryDays",
  "scratchCardWallet",
] as const;

const DEFAULT_EXPIRY_DAYS = 30;
const MAX_EXPIRY_DAYS = 3650;

function whole(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * The store's rules from its settings (strings): null when cards are off, or when the range is unusable (no store can
 * mean a card of nothing, or a minimum above its maximum), so a bad setting issues no card rather than a wrong one.
 */
export function scratchCardRules(settings: Readonly<Record<string, string | undefined>>): ScratchCardRules | null {
  if (settings.scratchCardsEnabled !== "true") return null;
  const min = whole(settings.scratchCardMin);
  const max = whole(settings.scratchCardMax);
  if (min === null || max === null || min < 1 || min > max) return null;
  const days = whole(settings.scratchCardExpiryDays);
  const wallet = WALLETS.find((w) => w === settings.scratchCardWallet) ?? "reward";
  return { min, max, expiryDays: days !== null && days >= 1 && days <= MAX_EXPIRY_DAYS ? days : DEFAULT_EXPIRY_DAYS, wallet };
}

/**
 * A whole amount in [min, max], uniformly, from 32 random bits (`crypto.getRandomValues`). The range is far below
 * 2^32, so the modulo's bias is negligible (under one part in four thousand for the largest allowed range).
 */
export function pickAmount(rules: Pick<ScratchCardRules, "min" | "max">, random32: number): number {
  return rules.min + (random32 % (rules.max - rules.min + 1));
}

export type ScratchCardStatus = "unscratched" | "redeemed" | "expired";

/** What the customer sees: an unscratched card past its time is expired. */
export function cardStatus(stored: "unscratched" | "redeemed", expiresAt: number, now: number): ScratchCardStatus {
  return stored === "unscratched" && expiresAt <= now ? "expired" : stored;
}

/** How much of a scratch surface is cleared: the share of sampled pixels whose alpha is gone (RGBA bytes). */
export function clearedShare(rgba: ArrayLike<number>, step = 8): number {
  let sampled = 0;
  let cleared = 0;
  for (let i = 3; i < rgba.length; i += 4 * step) {
    sampled++;
    if ((rgba[i] ?? 0) < 128) cleared++;
  }
  return sampled === 0 ? 0 : cleared / sampled;
}

/** Scratching past this share reveals the card. */
export const REVEAL_SHARE = 0.5;
