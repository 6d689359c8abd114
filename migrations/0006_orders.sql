-- Orders, as far as pricing needs them before checkout exists: whose order, in which store and branch, and its
-- status, so a first-order-only discount can count a shopper's earlier orders. The checkout issue adds the order's
-- figures, lines and payment beside these columns. Run-time data like carts: row ids, never touched by the importer.
-- `owner` is the cart owner text ('customer:<id>', 'guest:<hex>'); instants are epoch milliseconds.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  branch_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered',
                                          'cancelled', 'payment_failed', 'expired')),
  placed_at INTEGER NOT NULL
);
-- A shopper's orders in one store (every branch), by status.
CREATE INDEX orders_by_owner ON orders (tenant_id, owner, status);
