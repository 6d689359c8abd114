-- The store owner's API keys, and shoppers' ratings of what they bought (docs/decisions/026-store-owner-api.md).

-- A key is shown once when it is made (`npm run store:api-key`); only its SHA-256 is kept, so a copy of the database
-- holds nothing a caller could present. A revoked key stays, so its use can still be read in last_used_at.
CREATE TABLE store_api_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  -- Lowercase hex of SHA-256 over the key's text.
  key_hash TEXT NOT NULL UNIQUE CHECK (length(key_hash) = 64),
  label TEXT NOT NULL DEFAULT '' CHECK (length(label) <= 80),
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX store_api_keys_by_tenant ON store_api_keys (tenant_id);

-- A shopper's rating of one delivered order line, kept beside the imported reviews so the product's list and summary
-- read one table. Imported reviews have no order line; a shopper's rating has exactly one, and at most one per line.
-- Their ids are MAX_ID + the line's id (above every id a store file may carry), so the two never collide, and the
-- importer deletes only rows without an order line.
ALTER TABLE product_reviews ADD COLUMN order_line_id INTEGER;
CREATE UNIQUE INDEX product_reviews_by_order_line ON product_reviews (order_line_id) WHERE order_line_id IS NOT NULL;

-- The store's own list of its orders, newest first, without a status filter (the admin API).
CREATE INDEX orders_by_store ON orders (tenant_id, placed_at DESC);
