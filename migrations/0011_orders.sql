-- Orders for real (docs/decisions/024-orders-and-payment.md): the order with its number, public id, idempotency key,
-- payment and bill, its lines and status history as snapshots, a per-store order counter, and coupon uses counted and
-- limited in SQL. Money is INTEGER minor units; instants are epoch milliseconds.
--
-- 0006's orders table only carried what "first order only" counted. No order could be placed before this migration,
-- so it is replaced rather than altered (ALTER TABLE cannot add the UNIQUE constraints below).
DROP INDEX IF EXISTS orders_by_owner;
DROP TABLE orders;

CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  branch_id INTEGER NOT NULL,
  -- 'customer:<id>' (checkout needs an account); the cart owner's text, so pricing's order count reads it.
  owner TEXT NOT NULL CHECK (owner GLOB 'customer:?*'),
  -- The unguessable id in every URL and answer (128 random bits, base64url); the row id never leaves the server.
  public_id TEXT NOT NULL UNIQUE CHECK (length(public_id) = 22),
  -- The store's sequence number, shown as `number` ({orderPrefix}{seq}).
  seq INTEGER NOT NULL CHECK (seq > 0),
  number TEXT NOT NULL,
  -- The client's Idempotency-Key: the same key from the same customer is the same order, never a second.
  idempotency_key TEXT NOT NULL,
  -- SHA-256 of what was asked (address, fulfillment, payment method, note), to refuse a key reused for another order.
  request_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered',
                                          'cancelled', 'payment_failed', 'expired')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cod', 'online')),
  payment_status TEXT NOT NULL CHECK (payment_status IN ('awaiting', 'paid', 'failed', 'cod_pending', 'cod_collected',
                                                          'refund_pending', 'refunded', 'void')),
  fulfillment TEXT NOT NULL CHECK (fulfillment IN ('delivery', 'pickup')),
  -- The delivery address as it was (JSON: name, phone, line1, line2, landmark, city, state, pincode, label, latitude,
  -- longitude); null for pickup.
  address_json TEXT,
  note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  currency_code TEXT NOT NULL,
  -- The bill as priced at placement (JSON, minor units: the cart slice's figures, fees and applied discounts).
  bill_json TEXT NOT NULL,
  total INTEGER NOT NULL CHECK (total >= 0),
  coupon_code TEXT,
  placed_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- The customer may cancel until this instant (placed_at + the store's cancelWindowMinutes), while the status allows.
  cancel_until INTEGER NOT NULL,
  -- An online order still waiting for payment expires at this instant (the reconcile job); null for cash.
  payment_due_by INTEGER,
  cancel_reason TEXT,
  UNIQUE (tenant_id, owner, idempotency_key),
  UNIQUE (tenant_id, seq)
);
-- A customer's orders in one store, newest first, with or without a status filter.
CREATE INDEX orders_by_owner ON orders (tenant_id, owner, placed_at DESC);
-- The store's orders by status (admin list, reconcile job).
CREATE INDEX orders_by_status ON orders (tenant_id, status, placed_at);

-- The lines as sold: names, choices and figures are copies, so a later catalogue change never rewrites an order.
CREATE TABLE order_lines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  product_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  slug TEXT,
  image TEXT,
  -- The choices as the shopper read them (JSON array of text) and as chosen (JSON selection), for reorder.
  options_json TEXT NOT NULL,
  selection_json TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
  unit_original_price INTEGER NOT NULL CHECK (unit_original_price >= 0),
  -- unit_price × quantity, this line's share of the order discounts, its tax, and what it added to the total.
  line_subtotal INTEGER NOT NULL CHECK (line_subtotal >= 0),
  order_discount INTEGER NOT NULL CHECK (order_discount >= 0),
  tax INTEGER NOT NULL CHECK (tax >= 0),
  line_total INTEGER NOT NULL CHECK (line_total >= 0)
);
CREATE INDEX order_lines_by_order ON order_lines (order_id);

-- Every change of an order's status or payment status, oldest first: the tracking timeline.
CREATE TABLE order_status_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  status TEXT NOT NULL,
  payment_status TEXT NOT NULL,
  -- Who moved it: the customer, the store (admin API), the payment provider, or the system (expiry).
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'store', 'payment', 'system')),
  note TEXT NOT NULL DEFAULT '',
  at INTEGER NOT NULL
);
CREATE INDEX order_status_history_by_order ON order_status_history (order_id, id);

-- The last order number of each store; incremented inside the placing batch, so numbers never repeat.
CREATE TABLE order_counters (
  tenant_id INTEGER PRIMARY KEY REFERENCES tenants (id),
  last_seq INTEGER NOT NULL CHECK (last_seq >= 0)
);

-- A cancelled or expired order gives its coupon use back; a released use no longer counts against any limit.
ALTER TABLE coupon_redemptions ADD COLUMN released_at INTEGER;
-- Each discount an order used, once (automatic discounts with limits count like coupons).
CREATE UNIQUE INDEX coupon_redemptions_by_order ON coupon_redemptions (order_id, discount_id) WHERE order_id IS NOT NULL;

-- A coupon's total and per-shopper limits, enforced where the use is written: concurrent orders are serialised by
-- D1, and a use past either limit aborts the whole placing batch (the order with it).
CREATE TRIGGER coupon_redemptions_within_limits BEFORE INSERT ON coupon_redemptions
BEGIN
  SELECT RAISE(ABORT, 'coupon_usage_limit')
  WHERE (SELECT usage_limit FROM discount_rules WHERE tenant_id = NEW.tenant_id AND id = NEW.discount_id) <=
        (SELECT COUNT(*) FROM coupon_redemptions
         WHERE tenant_id = NEW.tenant_id AND discount_id = NEW.discount_id AND released_at IS NULL);
  SELECT RAISE(ABORT, 'coupon_customer_limit')
  WHERE (SELECT per_customer_limit FROM discount_rules WHERE tenant_id = NEW.tenant_id AND id = NEW.discount_id) <=
        (SELECT COUNT(*) FROM coupon_redemptions
         WHERE tenant_id = NEW.tenant_id AND discount_id = NEW.discount_id AND owner = NEW.owner AND released_at IS NULL);
END;
