-- Wallets as ledgers (decision 027): a cash wallet and a reward wallet per customer per store. Every change is an
-- append-only entry with a source and an idempotency key; the balance is materialised by a trigger in the same
-- statement, and its CHECK keeps it at or above zero, so an overdraft aborts the whole batch that tried it.

CREATE TABLE wallet_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  wallet TEXT NOT NULL CHECK (wallet IN ('cash', 'reward')),
  -- Minor units, signed: a credit is positive, a debit (an order paid, a credit expired) negative.
  amount INTEGER NOT NULL CHECK (amount <> 0),
  source TEXT NOT NULL CHECK (source IN (
    'order_payment', 'order_refund', 'order_reward', 'scratch_card', 'referral_referee', 'referral_referrer', 'expiry'
  )),
  -- What the entry is for, as the source names it (an order's public id, a scratch card's id, a referral's id).
  source_id TEXT NOT NULL CHECK (length(source_id) BETWEEN 1 AND 64),
  -- The same event can never be entered twice: `order:<id>:cash`, `scratch:<id>`, `expiry:<entry id>`…
  idempotency_key TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  -- Credits only: when the credit lapses (NULL: never) and how much of it is still unspent. Spending takes the soonest
  -- to lapse first; `remaining` never goes below zero, so two spends of one credit cannot both land.
  expires_at INTEGER,
  remaining INTEGER CHECK (remaining IS NULL OR (amount > 0 AND remaining BETWEEN 0 AND amount)),
  note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  created_at INTEGER NOT NULL,
  UNIQUE (tenant_id, idempotency_key)
);
CREATE INDEX wallet_entries_history ON wallet_entries (tenant_id, customer_id, wallet, id);
CREATE INDEX wallet_entries_open_credits ON wallet_entries (tenant_id, customer_id, wallet, expires_at) WHERE remaining > 0;

CREATE TABLE wallet_balances (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  wallet TEXT NOT NULL CHECK (wallet IN ('cash', 'reward')),
  balance INTEGER NOT NULL CHECK (balance >= 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, customer_id, wallet)
);

-- The balance moves with every entry, in the entry's own statement: it always equals the sum of the ledger. (A row of
-- zero first, then the change: an upsert would test its CHECK on the inserted value before finding the row.)
CREATE TRIGGER wallet_entries_balance AFTER INSERT ON wallet_entries
BEGIN
  INSERT INTO wallet_balances (tenant_id, customer_id, wallet, balance, updated_at)
  VALUES (NEW.tenant_id, NEW.customer_id, NEW.wallet, 0, NEW.created_at)
  ON CONFLICT (tenant_id, customer_id, wallet) DO NOTHING;
  UPDATE wallet_balances SET balance = balance + NEW.amount, updated_at = NEW.created_at
  WHERE tenant_id = NEW.tenant_id AND customer_id = NEW.customer_id AND wallet = NEW.wallet;
END;
