-- The store's staff (issue 41, decision 083): people who sign in to the owner's desk (/admin) with a password, each
-- with a role: 'owner' may do everything the desk offers, 'orders' may move orders along and nothing else. Never a
-- shopper's account: staff have their own table, sessions and cookie. An import's demo staff are marked, as its demo
-- customers are (migration 0030), so a store file resets only the staff it made itself.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  -- Lower-cased on the way in, as customers' emails are.
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'orders')),
  demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
  created_at INTEGER NOT NULL,
  -- A removed member keeps their row, so the orders they moved still say who moved them.
  removed_at INTEGER,
  UNIQUE (tenant_id, email)
);

CREATE TABLE staff_sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  -- SHA-256 of the opaque token, hex, as for shoppers' sessions.
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions (tenant_id, staff_id);

-- Who of the store moved an order: a staff member at the desk, or the owner API's key. Both null for the customer, the
-- payment provider and the system, and for moves made before this migration.
ALTER TABLE order_status_history ADD COLUMN staff_id INTEGER REFERENCES staff (id);
ALTER TABLE order_status_history ADD COLUMN store_key_id INTEGER REFERENCES store_api_keys (id);

-- The fence of migration 0031 (decision 061): no write lands in a copy of a store that is moving or has left.
CREATE TRIGGER fence_insert_staff BEFORE INSERT ON staff WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_staff BEFORE UPDATE ON staff WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_staff BEFORE DELETE ON staff WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_insert_staff_sessions BEFORE INSERT ON staff_sessions WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_staff_sessions BEFORE UPDATE ON staff_sessions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_staff_sessions BEFORE DELETE ON staff_sessions WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
