import { env } from "cloudflare:test";
import type { BillSnapshot } from "../../commerce/order-bill";

/**
 * Orders written straight into D1 in a given state, for tests of what reads or transitions them (lists, pricing's order
 * count, admin transitions, webhooks). Tests of placing an order go through POST /api/place-order instead.
 */

let counter = 0;

export interface OrderFixture {
  tenantId?: number;
  customerId: number;
  status?: string;
  paymentMethod?: "cod" | "online";
  paymentStatus?: string;
  placedAt?: number;
  cancelUntil?: number;
  paymentDueBy?: number | null;
  total?: number;
  /** [product id, name, quantity, unit price] per line. */
  lines?: [number, string, number, number][];
}

/** Inserts an order with its lines and a first history entry; answers its row id and public id. */
export async function insertOrder(fixture: OrderFixture): Promise<{ id: number; publicId: string }> {
  counter++;
  const tenantId = fixture.tenantId ?? 1;
  const placedAt = fixture.placedAt ?? Date.now();
  const status = fixture.status ?? "placed";
  const paymentMethod = fixture.paymentMethod ?? "cod";
  const paymentStatus = fixture.paymentStatus ?? (paymentMethod === "cod" ? "cod_pending" : "awaiting");
  const lines = fixture.lines ?? [[1, "Fixture item", 1, fixture.total ?? 10000]];
  const total = fixture.total ?? lines.reduce((sum, [, , quantity, price]) => sum + quantity * price, 0);
  const publicId = `fixture${String(Date.now()).slice(-8)}${String(counter).padStart(7, "0")}`.slice(0, 22).padEnd(22, "x");
  const seq = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  // A whole snapshot (commerce/order-bill.ts), so get-single-order and the order pages can read the fixture too.
  const bill: BillSnapshot = {
    total_original_price: total,
    subtotal: total,
    product_price_discount: 0,
    order_discount_amount: 0,
    subtotal_after_discounts: total,
    delivery_charge: 0,
    shipping_discount_amount: 0,
    applied_additional_fees: [],
    tax_amount: 0,
    tax_inclusive: false,
    total,
    total_discount: 0,
    coupon_code: null,
  };
  const row = await env.DB.prepare(
    `INSERT INTO orders (tenant_id, branch_id, owner, public_id, seq, number, idempotency_key, request_hash, status,
       payment_method, payment_status, fulfillment, address_json, currency_code, bill_json, total, placed_at, updated_at,
       cancel_until, payment_due_by)
     VALUES (?1, 1, ?2, ?3, ?4, 'T' || ?4, ?3, 'fixture', ?5, ?6, ?7, 'pickup', NULL, 'INR', ?8, ?9, ?10, ?10, ?11, ?12)
     RETURNING id`,
  )
    .bind(
      tenantId,
      `customer:${fixture.customerId}`,
      publicId,
      seq,
      status,
      paymentMethod,
      paymentStatus,
      JSON.stringify(bill),
      total,
      placedAt,
      fixture.cancelUntil ?? placedAt + 15 * 60_000,
      fixture.paymentDueBy ?? null,
    )
    .first<{ id: number }>();
  const id = row!.id;
  await env.DB.batch([
    ...lines.map(([productId, name, quantity, price]) =>
      env.DB.prepare(
        `INSERT INTO order_lines (tenant_id, order_id, product_id, name, options_json, selection_json, quantity, unit_price,
           unit_original_price, line_subtotal, order_discount, tax, line_total)
         VALUES (?1, ?2, ?3, ?4, '[]', '{"selectedAttributes":{},"selectedMultiAttributes":{}}', ?5, ?6, ?6, ?7, 0, 0, ?7)`,
      ).bind(tenantId, id, productId, name, quantity, price, quantity * price),
    ),
    env.DB.prepare(
      "INSERT INTO order_status_history (tenant_id, order_id, status, payment_status, actor, at) VALUES (?1, ?2, ?3, ?4, 'customer', ?5)",
    ).bind(tenantId, id, status, paymentStatus, placedAt),
  ]);
  return { id, publicId };
}
