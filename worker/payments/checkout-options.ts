import type { Translate } from "../../commerce/i18n/catalogue";
import { toMajor } from "../../commerce/money";
import type { PaymentMethod } from "../../commerce/settings/checkout-settings";
import type { Env } from "../env";
import type { Tenant } from "../tenancy/tenant";
import { onlinePaymentAvailable } from "./store-gateway";

/** What /checkout offers in this store and branch (GET /api/checkout-options). Amounts are major units. */
export interface CheckoutOptions {
  payment_methods: { method: PaymentMethod; label: string }[];
  /** Cash on delivery takes orders up to this total; null: no maximum. */
  cod_max_amount: number | null;
  pickup: { available: boolean; branch_name: string; branch_address: string };
  cancel_window_minutes: number;
}

/** Each method's label, said in the caller's language (the checkout page's own words for them). */
const METHOD_LABELS = {
  cod: "checkout.method_cod",
  online: "checkout.method_online",
} as const satisfies Record<PaymentMethod, string>;

/** The checkout's options; the methods' labels in `t`'s language (the caller's). */
export async function checkoutOptions(
  env: Env,
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  t: Translate,
): Promise<CheckoutOptions> {
  const [online, branch] = await Promise.all([
    onlinePaymentAvailable(env, tenant),
    env.DB.prepare(
      `SELECT b.name, b.address, coalesce(d.pickup_available, 0) AS pickup_available FROM branches b
       LEFT JOIN branch_delivery d ON d.tenant_id = b.tenant_id AND d.branch_id = b.id WHERE b.tenant_id = ?1 AND b.id = ?2`,
    )
      .bind(tenant.id, branchId)
      .first<{ name: string; address: string; pickup_available: number }>(),
  ]);
  const settings = tenant.settings.checkout;
  return {
    // Online only while the store's gateway is configured (its keys, or the demo's test gateway).
    payment_methods: settings.paymentMethods
      .filter((method) => method !== "online" || online)
      .map((method) => ({ method, label: t(METHOD_LABELS[method]) })),
    cod_max_amount: settings.codMaxAmount === null ? null : toMajor(settings.codMaxAmount, tenant.settings.currency.decimalPlaces),
    pickup: { available: branch?.pickup_available === 1, branch_name: branch?.name ?? "", branch_address: branch?.address ?? "" },
    cancel_window_minutes: settings.cancelWindowMs / 60_000,
  };
}
