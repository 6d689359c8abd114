-- Checkout links (issue 42, decision 090): an agent's guest cart handed to the shopper's browser by a link that works
-- once, for 30 minutes. Only the token's SHA-256 is kept, so the table cannot be read back into working links. Run-time
-- data like carts: the importer never touches it.
CREATE TABLE checkout_links (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
  -- The agent's cart: its guest owner ('guest:<id>', worker/shopper/owner.ts) and the branch the cart is at.
  owner TEXT NOT NULL CHECK (owner GLOB 'guest:?*'),
  branch_id INTEGER NOT NULL CHECK (branch_id > 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL CHECK (expires_at > created_at),
  -- Set once, by the one UPDATE that redeems the link (used_at IS NULL in its WHERE), with the cart owner it went to.
  used_at INTEGER,
  used_by TEXT CHECK ((used_at IS NULL) = (used_by IS NULL)),
  PRIMARY KEY (tenant_id, token_hash)
) WITHOUT ROWID;

-- A new link forgets the store's links that expired a day before (worker/checkout-links/checkout-links.ts).
CREATE INDEX checkout_links_by_expiry ON checkout_links (tenant_id, expires_at);

-- The fence of migration 0031 (decision 061): no write lands in a copy of a store that is moving or has left.
CREATE TRIGGER fence_insert_checkout_links BEFORE INSERT ON checkout_links WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_checkout_links BEFORE UPDATE ON checkout_links WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_checkout_links BEFORE DELETE ON checkout_links WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
