import type { Env } from "../env";
import type { PaymentGateway } from "./gateway";
import type { PayableOrder } from "./payable-order";

export interface GatewayOrderRef {
  kind: PaymentGateway["kind"];
  orderId: string;
  amount: number;
  currency: string;
}

/**
 * The gateway order for one of ours: the stored one (every retry of the same order pays the same gateway order), else
 * a new one for what is left to pay after the wallets (the order's total less their part) in currency subunits (our minor units: the stores price in INR, 2 decimals), with
 * our order number as the receipt and notes naming the store and order. Two first requests at once may both create
 * one at the gateway; only the first stored is ever used (a gateway order nobody pays costs nothing).
 */
export async function ensureGatewayOrder(
  env: Env,
  tenant: { id: number; slug: string },
  order: PayableOrder,
  gateway: PaymentGateway,
): Promise<GatewayOrderRef> {
  if (order.gateway) return order.gateway;
  const created = await gateway.createOrder({
    amount: order.toPay,
    currency: order.currency,
    receipt: order.number.slice(0, 40),
    notes: { store: tenant.slug, order: order.publicId },
  });
  await env.DB.prepare(
    `INSERT INTO payment_orders (tenant_id, order_id, gateway, provider_order_id, amount, currency, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (order_id) DO NOTHING`,
  )
    .bind(tenant.id, order.id, gateway.kind, created.id, order.toPay, order.currency, Date.now())
    .run();
  const stored = await env.DB.prepare(
    "SELECT gateway AS kind, provider_order_id AS orderId, amount, currency FROM payment_orders WHERE tenant_id = ?1 AND order_id = ?2",
  )
    .bind(tenant.id, order.id)
    .first<GatewayOrderRef>();
  if (!stored) throw new Error("The gateway order was not stored.");
  return stored;
}
