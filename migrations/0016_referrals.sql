-- Referrals (issue 13): every customer has a referral code to share, unique in the store, and a customer may have
-- been referred by one other customer of the store (one referrer, never themselves), recorded at registration.

-- 8 characters of an alphabet without look-alikes (commerce/referral.ts), drawn by SQLite's random(), which is seeded
-- from the system's randomness. Drawn by trigger, so every way a customer is created (registration, a store import's
-- demo customers) gives one; a draw that collides with a code in use fails the UNIQUE index and the insert (about
-- one in 10¹² per existing customer; registration tries again).
ALTER TABLE customers ADD COLUMN referral_code TEXT CHECK (referral_code IS NULL OR length(referral_code) = 8);
CREATE UNIQUE INDEX customers_referral_code ON customers (tenant_id, referral_code);

UPDATE customers SET referral_code =
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1)
WHERE referral_code IS NULL;

CREATE TRIGGER customers_draw_referral_code AFTER INSERT ON customers WHEN NEW.referral_code IS NULL
BEGIN
  UPDATE customers SET referral_code =
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
    substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1)
  WHERE id = NEW.id;
END;

-- Who referred whom. One row per referee (their one referrer); the referee's reward is credited in the registration's
-- batch, the referrer's when the referee's first order is delivered (rewarded_at), each once by its ledger key
-- (worker/referrals/). customers.referred_by_code keeps the code as it was given.
CREATE TABLE referrals (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  referee_id INTEGER NOT NULL REFERENCES customers (id),
  referrer_id INTEGER NOT NULL REFERENCES customers (id),
  created_at INTEGER NOT NULL,
  -- When the referrer was credited for this referee (NULL: not yet, or the store gives no referrer reward).
  rewarded_at INTEGER,
  PRIMARY KEY (tenant_id, referee_id),
  CHECK (referee_id <> referrer_id)
);
CREATE INDEX referrals_by_referrer ON referrals (tenant_id, referrer_id);
