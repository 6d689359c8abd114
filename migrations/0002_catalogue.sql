-- The catalogue: categories, products and their options. Money is INTEGER minor units.

CREATE TABLE categories (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  primary_image TEXT,
  color TEXT,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, slug)
) WITHOUT ROWID;

CREATE TABLE products (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  category_id INTEGER,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  images_json TEXT NOT NULL DEFAULT '[]',
  selling_price INTEGER NOT NULL CHECK (selling_price >= 0),
  original_price INTEGER CHECK (original_price IS NULL OR original_price >= 0),
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, slug)
);
-- Listing order for the whole store and for one category.
CREATE INDEX products_listing ON products (tenant_id, position, id);
CREATE INDEX products_by_category ON products (tenant_id, category_id, position, id);

-- Single-choice attributes (size, crust) and their values.
CREATE TABLE product_attributes (
  tenant_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;
CREATE INDEX product_attributes_product ON product_attributes (tenant_id, product_id, position);

CREATE TABLE product_attribute_values (
  tenant_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  attribute_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  value TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;
CREATE INDEX product_attribute_values_product ON product_attribute_values (tenant_id, product_id, position);

-- A purchasable combination of single-choice values; value_ids is their ascending comma-separated list.
CREATE TABLE product_combinations (
  tenant_id INTEGER NOT NULL,
  variant_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  value_ids TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),
  PRIMARY KEY (tenant_id, variant_id),
  UNIQUE (tenant_id, product_id, value_ids)
) WITHOUT ROWID;

-- Multi-select add-on groups with their bounds.
CREATE TABLE product_multi_attributes (
  tenant_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  min_select INTEGER NOT NULL DEFAULT 0 CHECK (min_select >= 0),
  max_select INTEGER CHECK (max_select IS NULL OR max_select >= 1),
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  CHECK (max_select IS NULL OR max_select >= min_select)
) WITHOUT ROWID;
CREATE INDEX product_multi_attributes_product ON product_multi_attributes (tenant_id, product_id, position);

-- An add-on value: its price, the single-choice values it depends on, and per-variant prices.
CREATE TABLE product_multi_values (
  tenant_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  multi_attribute_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  value TEXT NOT NULL,
  price INTEGER CHECK (price IS NULL OR price >= 0),
  dependencies_json TEXT NOT NULL DEFAULT '[]',
  variant_prices_json TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;
CREATE INDEX product_multi_values_product ON product_multi_values (tenant_id, product_id, position);
