-- Product reviews, the product search index, and the order of a product's combinations.

-- The first combination is the one a product opens with, so the file's order is kept.
ALTER TABLE product_combinations ADD COLUMN position INTEGER NOT NULL DEFAULT 0;

CREATE TABLE product_reviews (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  author TEXT NOT NULL,
  -- A rating without words is a rating, not a review: review_count counts the non-empty bodies.
  body TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;
-- Newest first for one product; the rating summary reads the same range.
CREATE INDEX product_reviews_by_product ON product_reviews (tenant_id, product_id, created_at DESC, id DESC);

-- Full-text index of product names and descriptions. It is contentless (rows are looked up in products by
-- rowid), and every row carries its store as the token "t{tenant_id}" in the tenant column, so a search
-- intersects the store's posting list with the words' instead of filtering every store's matches.
CREATE VIRTUAL TABLE products_search USING fts5(
  tenant,
  name,
  description,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_search (rowid, tenant, name, description) VALUES (new.rowid, 't' || new.tenant_id, new.name, new.description);
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_search WHERE rowid = old.rowid;
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF tenant_id, name, description ON products BEGIN
  DELETE FROM products_search WHERE rowid = old.rowid;
  INSERT INTO products_search (rowid, tenant, name, description) VALUES (new.rowid, 't' || new.tenant_id, new.name, new.description);
END;
