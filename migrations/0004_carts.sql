-- Carts and their lines. A cart belongs to one store, one branch and one owner; money is INTEGER minor units.
-- Ids are generated here at run time (not imported), so they are AUTOINCREMENT row ids that are never reused:
-- a stale tab's "remove line 12" can never hit a newer line. Every query still names the tenant and the owner.
-- No foreign keys to products or branches: the importer replaces a store's catalogue whole, and a line whose
-- product disappeared is reported to the shopper (adjusted_cart_items), not deleted by a cascade.

CREATE TABLE carts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  branch_id INTEGER NOT NULL CHECK (branch_id > 0),
  -- 'guest:<32 hex>' now; 'customer:<id>' when accounts exist, so a guest cart can later be merged by owner.
  owner TEXT NOT NULL CHECK (length(owner) BETWEEN 7 AND 80 AND (owner GLOB 'guest:?*' OR owner GLOB 'customer:?*')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- One cart per (store, branch, owner); concurrent first adds meet here and share one cart.
  UNIQUE (tenant_id, branch_id, owner)
);

CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  cart_id INTEGER NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  -- Canonical text of the chosen options (see worker/cart/selection-key.ts): same product and same options
  -- give the same key, so they are one line whose quantity grows.
  selection_key TEXT NOT NULL,
  -- The same choices as JSON {selectedAttributes, selectedMultiAttributes}, ids sorted.
  selection_json TEXT NOT NULL,
  variant_id INTEGER,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  -- The unit price the shopper saw when adding (or last re-adding) the line, to detect price changes later.
  unit_price_at_add INTEGER NOT NULL CHECK (unit_price_at_add >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- The merge target of `INSERT … ON CONFLICT … DO UPDATE SET quantity = quantity + excluded.quantity`; its
  -- cart_id prefix also serves reading a cart's lines.
  UNIQUE (cart_id, product_id, selection_key)
);
-- A cart's lines in the order they were first added (the index carries the row id after cart_id).
CREATE INDEX cart_items_by_cart ON cart_items (cart_id);
