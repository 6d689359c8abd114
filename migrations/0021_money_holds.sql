-- Money that holds (issue 31, docs/decisions/036-paid-means-captured.md): one gateway order per order even when two
-- pay steps start at once or a creation's reply is lost, and refunds that are asked again after Razorpay fails them.

-- Who is making the gateway order for one of ours right now: inserted before asking Razorpay, so a second pay step
-- waits for the first's gateway order instead of making its own; deleted when the maker gives up (its request failed),
-- taken over when older than a minute (the maker died). Instants are epoch milliseconds.
CREATE TABLE payment_order_claims (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  order_id INTEGER NOT NULL PRIMARY KEY REFERENCES orders (id),
  claimed_at INTEGER NOT NULL
);

-- How many refunds were asked for this payment: each retry after refund.failed uses a new idempotency key
-- (`cancel-<order>-<n>`; the same key would answer the failed refund again), up to a limit the cron stops at.
ALTER TABLE payments ADD COLUMN refund_attempts INTEGER NOT NULL DEFAULT 0;
