-- Stock per product and branch (issue 28 item 3, decision 053). A row means "this branch counts this product"; no row,
-- untracked: sold without limit, as before. Written by the importer (each product's `stock`) and the owner API.
CREATE TABLE branch_stock (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  product_id INTEGER NOT NULL,
  branch_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  -- "How many are left of this product here?" (product page, cards, cart add, order): one key lookup.
  PRIMARY KEY (tenant_id, product_id, branch_id)
) WITHOUT ROWID;

-- An order that takes more than is left aborts its whole batch (the order with it) with a message placing recognises,
-- before the CHECK would: concurrent orders are serialised by D1, so the last units go to exactly one of them.
CREATE TRIGGER branch_stock_never_below_zero BEFORE UPDATE OF quantity ON branch_stock WHEN NEW.quantity < 0
BEGIN
  SELECT RAISE(ABORT, 'out_of_stock');
END;

-- Pages show a level (in stock, only a few left, out of stock), not a count, so cached catalogue copies stay true until
-- a product crosses from one level to another: only then is the products marker bumped. The threshold is the store's
-- lowStockThreshold setting, default 5 (commerce/stock.ts LOW_STOCK_DEFAULT).
CREATE TRIGGER branch_stock_level_changed AFTER UPDATE OF quantity ON branch_stock
WHEN (SELECT (OLD.quantity > 0) + (OLD.quantity > t) != (NEW.quantity > 0) + (NEW.quantity > t)
      FROM (SELECT coalesce((SELECT CAST(value AS INTEGER) FROM site_settings
                             WHERE tenant_id = NEW.tenant_id AND key = 'lowStockThreshold'), 5) AS t))
BEGIN
  UPDATE cache_markers SET version = version + 1 WHERE tenant_id = NEW.tenant_id AND name = 'products';
END;

-- What each order took from tracked stock, so a cancelled or expired order gives back exactly that, once.
CREATE TABLE order_stock (
  tenant_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  product_id INTEGER NOT NULL,
  branch_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  returned_at INTEGER,
  PRIMARY KEY (tenant_id, order_id, product_id)
) WITHOUT ROWID;
