import type { Message } from "../../commerce/i18n/message";
import { say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import type { CartPricing } from "../../commerce/pricing";

/** The English catalogue, which holds the spec's texts exactly: what the API answers a caller without another language. */
export const en = translatorOf("en");

/** A message as the API answers it in English. */
export const inEnglish = (text: Message): string => say(en, text);

/** A cart's pricing with its messages in English, as the cart answer words them for an English caller. */
export function pricingInEnglish(pricing: CartPricing) {
  const words = (text: Message | null) => (text ? inEnglish(text) : null);
  return {
    ...pricing,
    coupon_message: words(pricing.coupon_message),
    discount_eligibility_message: words(pricing.discount_eligibility_message),
    delivery_message: words(pricing.delivery_message),
  };
}
