import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import type { GatewayKind, PaymentGateway } from "./gateway";
import { razorpayGateway } from "./razorpay-transport";
import { readRazorpaySecrets } from "./secrets";
import { testGateway } from "./test-gateway";

/** The site setting holding a store's Razorpay key id (public; the secrets are in store_secrets). */
export const RAZORPAY_KEY_ID_SETTING = "razorpayKeyId";

async function razorpayFor(env: Env, tenantId: number): Promise<PaymentGateway | null> {
  const keyId = await env.DB.prepare("SELECT value FROM site_settings WHERE tenant_id = ?1 AND key = ?2")
    .bind(tenantId, RAZORPAY_KEY_ID_SETTING)
    .first<string>("value");
  if (!keyId) return null;
  const secrets = await readRazorpaySecrets(env.DB, env.PAYMENT_SECRETS_KEY, tenantId);
  return secrets ? razorpayGateway(env.RAZORPAY_API_URL, { keyId, ...secrets }) : null;
}

/**
 * The store's gateway: Razorpay when it has keys; else the test gateway, only while DEV_TOOLS=1 (a deployed Worker
 * never offers it); else none (online payment is unavailable). With `kind`, that gateway or none: an order is always
 * checked by the gateway that made its gateway order.
 */
export async function storeGateway(env: Env, tenantId: number, kind?: GatewayKind): Promise<PaymentGateway | null> {
  if (kind !== "test") {
    const razorpay = await razorpayFor(env, tenantId);
    if (razorpay || kind === "razorpay") return razorpay;
  }
  return devToolsOn(env) ? testGateway : null;
}

/** Whether the store can take an online payment now: checkout should offer (and place-order accept) "online" only then. */
export async function onlinePaymentAvailable(env: Env, tenantId: number): Promise<boolean> {
  return (await storeGateway(env, tenantId)) !== null;
}
