-- Pricing configuration (see docs/decisions/012-pricing-configuration.md): discount rules and their redemptions,
-- per-branch delivery, additional fees, per-product tax rates, and what a cart carries into pricing.
-- Money is INTEGER minor units; rates are basis points (500 = 5%); instants are epoch milliseconds.
-- Imported rows are keyed (tenant_id, id) like the catalogue; the store's tax mode is the site setting `taxMode`.

-- The product's tax rate; 0 means untaxed (and is what every product had before).
ALTER TABLE products ADD COLUMN tax_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000);

-- The coupon code the shopper applied (as typed, trimmed); pricing says whether it applies. Null: none.
ALTER TABLE carts ADD COLUMN coupon_code TEXT CHECK (coupon_code IS NULL OR length(coupon_code) BETWEEN 1 AND 40);
-- Where to deliver, until saved addresses exist: a pincode and/or a point. A pincode alone gives no distance
-- (the branch's base charge applies); latitude and longitude are both set or both null.
ALTER TABLE carts ADD COLUMN delivery_pincode TEXT CHECK (delivery_pincode IS NULL OR length(delivery_pincode) BETWEEN 1 AND 12);
ALTER TABLE carts ADD COLUMN delivery_latitude REAL CHECK (delivery_latitude IS NULL OR delivery_latitude BETWEEN -90 AND 90);
ALTER TABLE carts ADD COLUMN delivery_longitude REAL CHECK (delivery_longitude IS NULL OR delivery_longitude BETWEEN -180 AND 180);
-- Delivery or pickup; pickup only where the branch offers it (checked by the writer, not here).
ALTER TABLE carts ADD COLUMN fulfillment TEXT NOT NULL DEFAULT 'delivery' CHECK (fulfillment IN ('delivery', 'pickup'));

-- Coupons (code set) and automatic discounts (code null) in one table: pricing treats them alike, and one id space
-- per store lets an order's redemption name either. Scope lists are JSON arrays of product and category ids.
CREATE TABLE discount_rules (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL CHECK (id > 0),
  -- Compared without regard to case: "save10" finds SAVE10.
  code TEXT COLLATE NOCASE CHECK (code IS NULL OR length(code) BETWEEN 1 AND 40),
  label TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_delivery')),
  -- Basis points for percent (at most 100%), minor units for fixed, 0 for free_delivery.
  value INTEGER NOT NULL CHECK (value >= 0 AND (kind <> 'percent' OR value <= 10000)),
  max_discount INTEGER CHECK (max_discount IS NULL OR max_discount >= 0),
  min_subtotal INTEGER CHECK (min_subtotal IS NULL OR min_subtotal >= 0),
  starts_at INTEGER,
  ends_at INTEGER,
  usage_limit INTEGER CHECK (usage_limit IS NULL OR usage_limit >= 0),
  per_customer_limit INTEGER CHECK (per_customer_limit IS NULL OR per_customer_limit >= 0),
  first_order_only INTEGER NOT NULL DEFAULT 0 CHECK (first_order_only IN (0, 1)),
  product_ids_json TEXT NOT NULL DEFAULT '[]',
  category_ids_json TEXT NOT NULL DEFAULT '[]',
  priority INTEGER NOT NULL DEFAULT 0,
  -- Listed on /cart/discounts (a hidden coupon still works when typed).
  is_visible INTEGER NOT NULL DEFAULT 1 CHECK (is_visible IN (0, 1)),
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at <= ends_at)
) WITHOUT ROWID;
-- The applied coupon by code (NOCASE, like the column), and the store's automatic discounts.
CREATE UNIQUE INDEX discount_rules_by_code ON discount_rules (tenant_id, code) WHERE code IS NOT NULL;
CREATE INDEX discount_rules_automatic ON discount_rules (tenant_id, priority, id) WHERE code IS NULL;

-- One row per use of a discount rule by an order. Written by the order flow (later); run-time data like carts, so
-- the importer never deletes it and the ids are row ids. `owner` is the cart owner text ('customer:<id>', 'guest:<hex>').
CREATE TABLE coupon_redemptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  discount_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  order_id INTEGER,
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
  created_at INTEGER NOT NULL
);
-- Counting total and per-owner uses of the rules being priced: a range per (tenant, discount), owner inside it.
CREATE INDEX coupon_redemptions_by_discount ON coupon_redemptions (tenant_id, discount_id, owner);

-- Per-branch delivery. No row: the branch delivers at no charge and offers no pickup.
CREATE TABLE branch_delivery (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  branch_id INTEGER NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('flat', 'slabs')),
  -- Flat: the charge. Slabs: the charge while the address (and so the distance) is not known yet.
  base_charge INTEGER NOT NULL CHECK (base_charge >= 0),
  -- Delivery is free when subtotal_after_discounts reaches this; null: never.
  free_above INTEGER CHECK (free_above IS NULL OR free_above >= 0),
  pickup_available INTEGER NOT NULL DEFAULT 0 CHECK (pickup_available IN (0, 1)),
  PRIMARY KEY (tenant_id, branch_id)
) WITHOUT ROWID;

-- Distance slabs of a 'slabs' branch: a slab covers distances up to and including up_to_metres.
CREATE TABLE delivery_slabs (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  branch_id INTEGER NOT NULL,
  up_to_metres INTEGER NOT NULL CHECK (up_to_metres > 0),
  charge INTEGER NOT NULL CHECK (charge >= 0),
  PRIMARY KEY (tenant_id, branch_id, up_to_metres)
) WITHOUT ROWID;

-- Additional fees (packaging, small-order fee), each with its conditions and its own tax rate.
CREATE TABLE additional_fees (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL CHECK (id > 0),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('flat', 'percent')),
  -- Minor units for flat, basis points of subtotal_after_discounts for percent.
  value INTEGER NOT NULL CHECK (value >= 0 AND (kind <> 'percent' OR value <= 10000)),
  min_subtotal INTEGER CHECK (min_subtotal IS NULL OR min_subtotal >= 0),
  max_subtotal INTEGER CHECK (max_subtotal IS NULL OR max_subtotal >= 0),
  -- Null: every fulfillment.
  fulfillment TEXT CHECK (fulfillment IS NULL OR fulfillment IN ('delivery', 'pickup')),
  tax_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;
