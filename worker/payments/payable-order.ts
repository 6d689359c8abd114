import type { OrderStatus, PaymentStatus } from "../../commerce/order-status";
import type { GatewayKind } from "./gateway";

/** What the payment code reads of one of our orders, with its gateway order when one was made. */
export interface PayableOrder {
  id: number;
  publicId: string;
  number: string;
  owner: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: "cod" | "online";
  total: number;
  /** What the gateway charges: the total less what the customer's wallets paid at placing (migration 0018). */
  toPay: number;
  currency: string;
  paymentDueBy: number | null;
  gateway: { kind: GatewayKind; orderId: string; amount: number; currency: string } | null;
}

interface Row {
  id: number;
  public_id: string;
  number: string;
  owner: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: "cod" | "online";
  total: number;
  to_pay: number;
  currency_code: string;
  payment_due_by: number | null;
  gateway: GatewayKind | null;
  provider_order_id: string | null;
  gateway_amount: number | null;
  gateway_currency: string | null;
}

const SELECT = `SELECT o.id, o.public_id, o.number, o.owner, o.status, o.payment_status, o.payment_method, o.total,
    o.total - o.wallet_amount - o.reward_amount AS to_pay, o.currency_code, o.payment_due_by, p.gateway, p.provider_order_id, p.amount AS gateway_amount, p.currency AS gateway_currency
  FROM orders o LEFT JOIN payment_orders p ON p.tenant_id = o.tenant_id AND p.order_id = o.id`;

function payable(row: Row | null): PayableOrder | null {
  if (!row) return null;
  return {
    id: row.id,
    publicId: row.public_id,
    number: row.number,
    owner: row.owner,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    total: row.total,
    toPay: row.to_pay,
    currency: row.currency_code,
    paymentDueBy: row.payment_due_by,
    gateway:
      row.gateway && row.provider_order_id
        ? { kind: row.gateway, orderId: row.provider_order_id, amount: row.gateway_amount ?? 0, currency: row.gateway_currency ?? "" }
        : null,
  };
}

/** The store's order by public id; with `owner`, only if it is that customer's (another's is not found). */
export async function payableOrder(db: D1Database, tenantId: number, publicId: string, owner?: string): Promise<PayableOrder | null> {
  const row = await db
    .prepare(`${SELECT} WHERE o.tenant_id = ?1 AND o.public_id = ?2 AND (?3 IS NULL OR o.owner = ?3)`)
    .bind(tenantId, publicId, owner ?? null)
    .first<Row>();
  return payable(row);
}

export async function payableOrderById(db: D1Database, tenantId: number, orderId: number): Promise<PayableOrder | null> {
  return payable(await db.prepare(`${SELECT} WHERE o.tenant_id = ?1 AND o.id = ?2`).bind(tenantId, orderId).first<Row>());
}

/** The store's order whose gateway order is this one (webhooks name the gateway's ids, not ours). */
export async function orderOfGatewayOrder(db: D1Database, tenantId: number, gatewayOrderId: string): Promise<PayableOrder | null> {
  const row = await db.prepare(`${SELECT} WHERE o.tenant_id = ?1 AND p.provider_order_id = ?2`).bind(tenantId, gatewayOrderId).first<Row>();
  return payable(row);
}

/** The store's order that a reported payment belongs to (refund events name only the payment). */
export async function orderOfPayment(db: D1Database, tenantId: number, paymentId: string): Promise<PayableOrder | null> {
  const row = await db
    .prepare(
      `${SELECT} WHERE o.tenant_id = ?1 AND o.id = (SELECT order_id FROM payments WHERE tenant_id = ?1 AND provider_payment_id = ?2)`,
    )
    .bind(tenantId, paymentId)
    .first<Row>();
  return payable(row);
}
