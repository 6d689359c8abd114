import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { BillSnapshot } from "../../commerce/order-bill";
import food from "../../stores/food.json";
import { cartAnswer } from "../../worker/cart/cart-answer";
import { addItem, type CartScope } from "../../worker/cart/cart-store";
import { listStoreOrders, loadOrderAnswer } from "../../worker/orders";
import { customerOwner, guestOwner } from "../../worker/shopper/owner";
import { importStore } from "../../worker/store-import/import-store";
import { tenantById } from "../../worker/tenancy/resolve-tenant";
import { en } from "./english";

/**
 * Migration 0024 (explicit owner columns) over a database whose carts, orders and coupon uses were written before it,
 * in the old shape only: afterwards the same carts and orders read the same, and each row names its customer or guest.
 */

const db = env.MIGRATION_DB;
const EMPTY = { selectedAttributes: {}, selectedMultiAttributes: {} };
const GUEST = "0123456789abcdef0123456789abcdef";
const BILL: BillSnapshot = {
  total_original_price: 25000,
  subtotal: 25000,
  product_price_discount: 0,
  order_discount_amount: 0,
  subtotal_after_discounts: 25000,
  delivery_charge: 0,
  shipping_discount_amount: 0,
  applied_additional_fees: [],
  tax_amount: 0,
  tax_inclusive: false,
  total: 25000,
  total_discount: 0,
  coupon_code: null,
};

async function oldRows() {
  const { tenantId } = await importStore(env, food, { pepper: env.PASSWORD_PEPPER, storeDb: db });
  const now = Date.now();
  const customer = await db
    .prepare(
      `INSERT INTO customers (tenant_id, name, email, phone, password_hash, created_at, updated_at)
       VALUES (?1, 'Asha Rao', 'migration-asha@example.com', '+919812345670', 'x', ?2, ?2) RETURNING id`,
    )
    .bind(tenantId, now)
    .first<{ id: number }>();
  const customerId = customer!.id;
  const branchId = (await db.prepare("SELECT min(id) AS id FROM branches WHERE tenant_id = ?1").bind(tenantId).first<{ id: number }>())!.id;
  const guestScope: CartScope = { tenantId, branchId, owner: guestOwner(GUEST) };
  const customerScope: CartScope = { tenantId, branchId, owner: customerOwner(customerId) };
  await addItem(db, guestScope, { product_id: 1, quantity: 2, selection: EMPTY });
  await addItem(db, customerScope, { product_id: 16, quantity: 3, selection: EMPTY });
  const order = await db
    .prepare(
      `INSERT INTO orders (tenant_id, branch_id, owner, public_id, seq, number, idempotency_key, request_hash, status,
         payment_method, payment_status, fulfillment, currency_code, bill_json, total, placed_at, updated_at, cancel_until)
       VALUES (?1, ?2, ?3, 'migratedorder000000001', 1, 'ORD1', 'key-1', 'hash', 'placed', 'cod', 'cod_pending', 'pickup',
               'INR', ?5, 25000, ?4, ?4, ?4) RETURNING id`,
    )
    .bind(tenantId, branchId, customerScope.owner, now, JSON.stringify(BILL))
    .first<{ id: number }>();
  await db.batch([
    db
      .prepare(
        `INSERT INTO order_status_history (tenant_id, order_id, status, payment_status, actor, at)
         VALUES (?1, ?2, 'placed', 'cod_pending', 'customer', ?3)`,
      )
      .bind(tenantId, order!.id, now),
    db
      .prepare(
        `INSERT INTO coupon_redemptions (tenant_id, discount_id, owner, order_id, amount, created_at)
         VALUES (?1, 1, ?2, ?3, 0, ?4), (?1, 2, ?5, NULL, 0, ?4)`,
      )
      .bind(tenantId, customerScope.owner, order!.id, now, guestScope.owner),
  ]);
  return { tenant: (await tenantById(db, "MIGRATION_DB", tenantId))!, customerId, guestScope, customerScope };
}

describe("migration 0024: owner columns", () => {
  it("reads the same carts and orders over rows written before it, and names each row's customer or guest", async () => {
    // Every migration but 0024 first: the importer of today writes the tables later migrations add (none of which
    // reads the owner columns), and the rows written through it are in the shape 0024 found.
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((migration) => !migration.name.startsWith("0024")),
    );
    const { tenant, customerId, guestScope, customerScope } = await oldRows();
    // What the rows were before, as stored (the code of today reads through the columns 0024 adds).
    const tables = ["carts", "cart_items", "orders", "order_status_history", "coupon_redemptions"];
    const stored = () => Promise.all(tables.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all()));
    const before = (await stored()).map((result) => result.results);

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    // Every stored value is still there, each row now with its owner's columns beside it.
    const after = (await stored()).map((result) => result.results);
    expect(after.map((rows) => rows.map(({ customer_id, guest_id, ...rest }) => rest))).toEqual(
      before.map((rows) => rows.map(({ customer_id, guest_id, ...rest }) => rest)),
    );
    // The same carts and the order read through the code.
    const guestCart = await cartAnswer(db, guestScope, tenant, en);
    const customerCart = await cartAnswer(db, customerScope, tenant, en);
    expect(guestCart.cartItems.map((line) => [line.product_id, line.quantity])).toEqual([[1, 2]]);
    expect(customerCart.cartItems.map((line) => [line.product_id, line.quantity])).toEqual([[16, 3]]);
    const order = await loadOrderAnswer(db, tenant, "migratedorder000000001", customerScope.owner, en);
    expect(order).toMatchObject({ number: "ORD1", status: "placed", payment_status: "cod_pending" });
    expect(await loadOrderAnswer(db, tenant, "migratedorder000000001", guestScope.owner, en)).toBeNull();
    const carts = await db.prepare("SELECT owner, customer_id, guest_id FROM carts ORDER BY id").all();
    expect(carts.results).toEqual([
      { owner: guestScope.owner, customer_id: null, guest_id: GUEST },
      { owner: customerScope.owner, customer_id: customerId, guest_id: null },
    ]);
    const orders = await db.prepare("SELECT customer_id FROM orders").all();
    expect(orders.results).toEqual([{ customer_id: customerId }]);
    const uses = await db.prepare("SELECT customer_id, guest_id FROM coupon_redemptions ORDER BY id").all();
    expect(uses.results).toEqual([
      { customer_id: customerId, guest_id: null },
      { customer_id: null, guest_id: GUEST },
    ]);
    // The store's order list finds the customer through the order's customer_id.
    const page = await listStoreOrders(db, tenant, undefined, { page: 1, perPage: 10 }, en);
    expect(page.data.map((row) => [row.number, row.customer.name])).toEqual([["ORD1", "Asha Rao"]]);
  });
});
