-- Shopper accounts. A customer belongs to one store: the same email in two stores is two accounts. Emails are kept
-- lowercased and phones as digits with an optional leading +, so the UNIQUE constraints mean what a shopper means.
-- Instants are epoch milliseconds. Secrets are never stored: passwords as a self-describing PBKDF2 hash, session
-- tokens as their SHA-256.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  phone TEXT NOT NULL CHECK (length(phone) BETWEEN 6 AND 16),
  -- 'pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>' (worker/accounts/passwords.ts).
  password_hash TEXT NOT NULL,
  -- A referral code the shopper gave at registration, kept for the referrals issue.
  referred_by_code TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (tenant_id, email),
  UNIQUE (tenant_id, phone)
);

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- SHA-256 of the opaque token, hex: a leaked table cannot be replayed.
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_by_customer ON sessions (tenant_id, customer_id);

-- Failed sign-ins counted per key ('account:<email or phone>', 'client:<address>') in fixed windows, so password
-- guessing is refused (429) past a limit without locking an account for good. Exact, unlike the rate limiter binding.
CREATE TABLE auth_failures (
  tenant_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  failures INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, key)
);
