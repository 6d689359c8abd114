-- A customer's wishlist (docs/decisions/028-wishlist.md): one row per product they hearted in this store.
-- Run-time data like carts and addresses: the importer replaces a store's catalogue but never a shopper's wishlist.
-- No foreign key to products, for the same reason as cart lines (0004): a product the store removes stays listed as
-- "no longer available" (its name and picture are kept from when it was added), and comes back if it is re-imported.
CREATE TABLE wishlist_items (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL CHECK (product_id > 0),
  -- What the product was called and showed when it was added, for the list once the product is gone.
  name TEXT NOT NULL,
  image TEXT,
  -- Epoch milliseconds.
  created_at INTEGER NOT NULL,
  -- One row per product: concurrent "add" calls meet here and leave one.
  PRIMARY KEY (tenant_id, customer_id, product_id)
) WITHOUT ROWID;
-- The list, newest first. The ids every page needs (which hearts are filled) are read from the primary key alone.
CREATE INDEX wishlist_items_newest ON wishlist_items (tenant_id, customer_id, created_at DESC, product_id DESC);
