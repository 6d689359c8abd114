-- Card payments through Razorpay (docs/decisions/025-razorpay.md): each store's gateway secrets encrypted at rest, the
-- gateway order made for each of our orders (reused for every attempt), the payments it reported, and the webhook
-- events already applied. Money is INTEGER minor units; instants are epoch milliseconds.

-- A store's secrets (the Razorpay key secret and webhook secret), AES-GCM under the Worker secret PAYMENT_SECRETS_KEY
-- with a random 12-byte IV each; written by `npm run store:razorpay`. The key id is public: site setting razorpayKeyId.
CREATE TABLE store_secrets (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL CHECK (name IN ('razorpay_key_secret', 'razorpay_webhook_secret')),
  -- base64 of the IV and of the ciphertext with its tag.
  iv TEXT NOT NULL,
  ciphertext TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, name)
) WITHOUT ROWID;

-- The gateway's order for one of ours: created once, then reused for every retry of the same order, so a payment can
-- only ever be for the amount and order recorded here (the signature check reads provider_order_id from this row).
CREATE TABLE payment_orders (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
  -- 'razorpay' (the store's keys) or 'test' (the developer test gateway, DEV_TOOLS only).
  gateway TEXT NOT NULL CHECK (gateway IN ('razorpay', 'test')),
  provider_order_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (tenant_id, provider_order_id)
);

-- Each payment the gateway reported for one of our orders (checkout, callback, webhook or reconcile), once; the one
-- to refund, and whether its refund was asked for (so a refund is requested once, and the cron retries what failed).
CREATE TABLE payments (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  provider_payment_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('captured', 'failed')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  refund_id TEXT,
  refund_status TEXT CHECK (refund_status IN ('pending', 'processed', 'failed')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, provider_payment_id)
) WITHOUT ROWID;
CREATE INDEX payments_by_order ON payments (tenant_id, order_id);

-- Webhook deliveries applied, by Razorpay's x-razorpay-event-id: inserted first, so a redelivery is answered 200 and
-- applied once.
CREATE TABLE webhook_events (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  event_id TEXT NOT NULL,
  event TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, event_id)
) WITHOUT ROWID;
