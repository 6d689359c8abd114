-- What an order took from the customer's wallets (decision 027), minor units: the rest (total − both) is what the
-- gateway charges or the cash collected. Wallets are tenders after tax, not discounts, so the bill's total stays as
-- priced; a cancel gives these amounts back as new credits (worker/wallet/ledger.ts orderRefundStatement).
ALTER TABLE orders ADD COLUMN wallet_amount INTEGER NOT NULL DEFAULT 0 CHECK (wallet_amount >= 0);
ALTER TABLE orders ADD COLUMN reward_amount INTEGER NOT NULL DEFAULT 0 CHECK (reward_amount >= 0);
