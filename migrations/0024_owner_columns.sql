-- Who owns a cart, an order or a coupon use, as explicit columns (issue 32, docs/decisions/050-ownership-as-data.md).
-- `owner` stays the stored key ('customer:<id>' or 'guest:<id>', written only through worker/shopper/owner.ts): it is
-- in the UNIQUE constraints that concurrent first adds and idempotent orders meet on, which only a rebuild of these
-- tables (and of every table that references orders) could change. What SQL needs of it, the customer's id to join
-- or the guest's id, it reads from these columns, so no query cuts the text apart. They are computed from `owner`
-- (virtual: ALTER TABLE can add no stored generated column), so existing rows have them at once and no writer can
-- set them differently.

ALTER TABLE carts ADD COLUMN customer_id INTEGER
  GENERATED ALWAYS AS (CASE WHEN owner GLOB 'customer:[1-9]*' THEN CAST(substr(owner, 10) AS INTEGER) END) VIRTUAL;
ALTER TABLE carts ADD COLUMN guest_id TEXT
  GENERATED ALWAYS AS (CASE WHEN owner GLOB 'guest:?*' THEN substr(owner, 7) END) VIRTUAL;

ALTER TABLE orders ADD COLUMN customer_id INTEGER
  GENERATED ALWAYS AS (CASE WHEN owner GLOB 'customer:[1-9]*' THEN CAST(substr(owner, 10) AS INTEGER) END) VIRTUAL;

ALTER TABLE coupon_redemptions ADD COLUMN customer_id INTEGER
  GENERATED ALWAYS AS (CASE WHEN owner GLOB 'customer:[1-9]*' THEN CAST(substr(owner, 10) AS INTEGER) END) VIRTUAL;
ALTER TABLE coupon_redemptions ADD COLUMN guest_id TEXT
  GENERATED ALWAYS AS (CASE WHEN owner GLOB 'guest:?*' THEN substr(owner, 7) END) VIRTUAL;

-- A customer's orders by id (referral rewards find the referee's first delivered order through it).
CREATE INDEX orders_by_customer ON orders (tenant_id, customer_id, status);
