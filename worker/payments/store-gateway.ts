import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import type { Store } from "../tenancy/tenant";
import type { GatewayKind, PaymentGateway } from "./gateway";
import { razorpayGateway } from "./razorpay-transport";
import { readRazorpaySecrets } from "./secrets";
import { testGateway } from "./test-gateway";

async function razorpayFor(env: Env, store: Store): Promise<PaymentGateway | null> {
  const keyId = store.settings.razorpayKeyId;
  if (!keyId) return null;
  const secrets = await readRazorpaySecrets(env.DB, env.PAYMENT_SECRETS_KEY, store.id);
  return secrets ? razorpayGateway(env.RAZORPAY_API_URL, { keyId, ...secrets }) : null;
}

/**
 * The store's gateway: Razorpay when it has keys; else the test gateway, only while DEV_TOOLS=1 (a deployed Worker
 * never offers it); else none (online payment is unavailable). With `kind`, that gateway or none: an order is always
 * checked by the gateway that made its gateway order.
 */
export async function storeGateway(env: Env, store: Store, kind?: GatewayKind): Promise<PaymentGateway | null> {
  if (kind !== "test") {
    const razorpay = await razorpayFor(env, store);
    if (razorpay || kind === "razorpay") return razorpay;
  }
  return devToolsOn(env) ? testGateway : null;
}

/**
 * `storeGateway(env, store, kind)` when the store's own gateway (`storeDefault`, `storeGateway(env, store)`) was read
 * already, beside the order: read again only when the order's gateway is another kind (the store changed gateways).
 */
export async function gatewayOfKind(
  env: Env,
  store: Store,
  kind: GatewayKind | undefined,
  storeDefault: PaymentGateway | null,
): Promise<PaymentGateway | null> {
  return kind === undefined || kind === storeDefault?.kind ? storeDefault : storeGateway(env, store, kind);
}

/** Whether the store can take an online payment now: checkout should offer (and place-order accept) "online" only then. */
export async function onlinePaymentAvailable(env: Env, store: Store): Promise<boolean> {
  return (await storeGateway(env, store)) !== null;
}
