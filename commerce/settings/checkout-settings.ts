import { toMinor } from "../money";
import type { RawSettings } from "./raw-settings";

/** How a shopper may pay at checkout (wallet payments come on top of either). */
export type PaymentMethod = "cod" | "online";

/**
 * A store's checkout rules, from its site settings (strings, like every setting):
 * - `paymentMethods`: the methods offered, comma separated (`cod`, `online`); default cash on delivery only;
 * - `codMaxAmount`: the largest order total (major units) cash on delivery takes; absent: no maximum;
 * - `orderPrefix`: what order numbers start with (default `#`);
 * - `cancelWindowMinutes`: how long after placing a customer may cancel (default 15);
 * - `paymentWindowMinutes`: how long an online order waits for its payment before it expires (default 30).
 */
export interface CheckoutSettings {
  paymentMethods: PaymentMethod[];
  /** Minor units; null: no maximum. */
  codMaxAmount: number | null;
  orderPrefix: string;
  cancelWindowMs: number;
  paymentWindowMs: number;
  currencyCode: string;
}

const MINUTE = 60_000;

function minutes(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 7 * 24 * 60 ? value : fallback;
}

export function checkoutSettingsFrom(settings: RawSettings, decimalPlaces: number): CheckoutSettings {
  const methods = (settings.paymentMethods ?? "cod")
    .split(",")
    .map((m) => m.trim())
    .filter((m): m is PaymentMethod => m === "cod" || m === "online");
  const codMax = settings.codMaxAmount ? toMinor(Number(settings.codMaxAmount), decimalPlaces) : null;
  return {
    paymentMethods: [...new Set(methods)],
    codMaxAmount: codMax,
    orderPrefix: (settings.orderPrefix ?? "#").slice(0, 12),
    cancelWindowMs: minutes(settings.cancelWindowMinutes, 15) * MINUTE,
    paymentWindowMs: minutes(settings.paymentWindowMinutes, 30) * MINUTE,
    currencyCode: settings.currencyCode ?? "USD",
  };
}
