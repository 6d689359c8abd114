import { toMinor } from "../../commerce/money";
import { readSettings, settingsStatement } from "../store-data/site-settings";
import type { PaymentMethod } from "./order-answer";

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

export const CHECKOUT_SETTING_KEYS = [
  "paymentMethods",
  "codMaxAmount",
  "orderPrefix",
  "cancelWindowMinutes",
  "paymentWindowMinutes",
  "currencyCode",
] as const;

const MINUTE = 60_000;

function minutes(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 7 * 24 * 60 ? value : fallback;
}

export function checkoutSettingsFrom(settings: Readonly<Record<string, string | undefined>>, decimalPlaces: number): CheckoutSettings {
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

/** The statement reading them; `checkoutSettingsFrom` reads its rows. */
export function checkoutSettingsStatement(db: D1Database, tenantId: number): D1PreparedStatement {
  return settingsStatement(db, tenantId, CHECKOUT_SETTING_KEYS);
}

export async function loadCheckoutSettings(db: D1Database, tenantId: number, decimalPlaces: number): Promise<CheckoutSettings> {
  return checkoutSettingsFrom(await readSettings(db, tenantId, CHECKOUT_SETTING_KEYS), decimalPlaces);
}
