import type { Message } from "../../commerce/i18n/message";
import { say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import type { CartPricing } from "../../commerce/pricing";

/**
 * The English catalogue, which holds the spec's texts exactly. The pure rules answer messages (ids and values), put
 * into words where they are answered; these tests read them as an English shopper does.
 */
export const en = translatorOf("en");

export function inEnglish(text: Message): string;
export function inEnglish(text: Message | null): string | null;
export function inEnglish(text: Message | null): string | null {
  return text ? say(en, text) : null;
}

/** A refusal's message in English, the rest as it is. */
export function refusalInEnglish<T extends { ok: boolean }>(outcome: T): T {
  return "message" in outcome && outcome.message ? { ...outcome, message: inEnglish(outcome.message as Message) } : outcome;
}

/** A cart's pricing with its messages in English. */
export function pricingInEnglish(pricing: CartPricing) {
  return {
    ...pricing,
    coupon_message: inEnglish(pricing.coupon_message),
    discount_eligibility_message: inEnglish(pricing.discount_eligibility_message),
    delivery_message: inEnglish(pricing.delivery_message),
  };
}
