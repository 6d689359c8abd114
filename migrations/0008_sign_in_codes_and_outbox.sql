-- One-time sign-in codes, password-reset links, the send counts that limit both, and the outbox their messages go
-- through. A destination is 'email:<address>' or 'phone:<digits>', as the account stores it. Instants are epoch
-- milliseconds. Codes and tokens are never stored: codes as an HMAC with a Worker secret (a plain hash of six digits
-- is reversed by trying a million), reset tokens as their SHA-256.

-- At most one live code per store, destination and purpose: a new code replaces the old (and its tries).
CREATE TABLE sign_in_codes (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  destination TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('login')),
  code_hmac TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, destination, purpose)
);

-- At most one live reset link per customer: asking again replaces it. Used links are deleted.
CREATE TABLE password_resets (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, customer_id)
);

-- One row per message asked for in the last hour, whether or not an account was found (so a refusal says nothing
-- about accounts): the send limits count these exactly.
CREATE TABLE message_sends (
  tenant_id INTEGER NOT NULL,
  destination TEXT NOT NULL,
  purpose TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX message_sends_by_destination ON message_sends (tenant_id, destination, purpose, sent_at);

-- The default message transport (worker/messages/d1-outbox.ts): messages kept for a day, read on /dev/outbox when the
-- dev tools are on. Production configures an HTTPS provider instead.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_by_store ON outbox (tenant_id, id);
