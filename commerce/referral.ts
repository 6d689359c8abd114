import type { MessageId } from "./i18n/compiled/message-ids";
import { message } from "./i18n/message";
/**
 * Referral codes (migrations/0016_referrals.sql): 8 characters of an alphabet without look-alikes (no 0/O, 1/I), so a
 * code read aloud or copied by hand is typed right; 32⁸ ≈ 10¹² codes, so guessing one is hopeless under the limit on
 * wrong guesses. The database draws them (the trigger in the migration); this module reads them.
 */

export const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

const CODE = new RegExp(`^[${REFERRAL_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** Whether a text is a code exactly as stored (upper case, nothing around it). */
export function isReferralCode(text: string): boolean {
  return CODE.test(text);
}

/** What a shopper typed or a link carried, as a stored code: trimmed and upper-cased; null when it cannot be one. */
export function referralCodeOf(text: string | null | undefined): string | null {
  const code = (text ?? "").trim().toUpperCase();
  return isReferralCode(code) ? code : null;
}

/** The first word of a name: all a friend's invitation shows of the customer who sent it. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** Texts the API answers and the pages show. */
export const REFERRAL_LINK_INVALID = "errors.referral_link_invalid" satisfies MessageId;
export const REFERRAL_CODE_UNKNOWN = message("errors.referral_code_unknown");
