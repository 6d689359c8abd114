-- Scratch cards (issue 13): one per delivered order of a customer, where the store enables them. The card holds a
-- random amount (minor units) for one wallet until the customer scratches it before it lapses; redeeming it moves the
-- card to `redeemed` and credits the wallet in ONE batch (worker/scratch-cards/redeem-card.ts), the credit keyed
-- `scratch:<public id>` and entered only with the update that redeemed the card.

CREATE TABLE scratch_cards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  -- The unguessable id in every URL and answer (128 random bits, base64url, as orders make theirs); the row id and
  -- the order's row id never leave the server.
  public_id TEXT NOT NULL UNIQUE CHECK (length(public_id) = 22),
  amount INTEGER NOT NULL CHECK (amount > 0),
  wallet TEXT NOT NULL CHECK (wallet IN ('cash', 'reward')),
  -- "Expired" is not stored: an unscratched card past expires_at is expired, and the redeeming update refuses it.
  status TEXT NOT NULL DEFAULT 'unscratched' CHECK (status IN ('unscratched', 'redeemed')),
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  redeemed_at INTEGER,
  CHECK ((status = 'redeemed') = (redeemed_at IS NOT NULL)),
  -- One card per order, however often the delivered hook runs.
  UNIQUE (tenant_id, order_id)
);
-- A customer's cards, newest first.
CREATE INDEX scratch_cards_by_customer ON scratch_cards (tenant_id, customer_id, id);
