-- Undoing a change of email or phone (issue 30): when a signed-in customer changes either, the old email and phone are
-- told, with a link that puts them back. One live link per customer (a later change replaces it, keeping the oldest
-- contact details, the ones the owner had before any of the changes); the token stored as its SHA-256; used links
-- are deleted. Instants are epoch milliseconds.
CREATE TABLE contact_change_undos (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  old_email TEXT NOT NULL,
  old_phone TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, customer_id)
);
