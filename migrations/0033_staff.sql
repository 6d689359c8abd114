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
