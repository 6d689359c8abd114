-- Filters and sorting on category pages and search results (issue 28, decision 052).

-- The product attributes a store declares filterable in its file ("Diet", "Spice level", "Colour"), in the file's order,
-- and the values each may take, in the file's order.
CREATE TABLE filter_attributes (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  key TEXT NOT NULL,
  label TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, key)
) WITHOUT ROWID;

CREATE TABLE filter_values (
  tenant_id INTEGER NOT NULL,
  attribute_key TEXT NOT NULL,
  value TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, attribute_key, value)
) WITHOUT ROWID;

-- Which products carry a filter value. The product's category is copied in so a count on a category page reads only
-- that category's part of the value's list; a search reads the whole list of the store.
CREATE TABLE product_filter_values (
  tenant_id INTEGER NOT NULL,
  attribute_key TEXT NOT NULL,
  value TEXT NOT NULL,
  category_id INTEGER,
  product_id INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, attribute_key, value, category_id, product_id)
) WITHOUT ROWID;
-- "Does this product carry one of these values?" when the walk starts from the products.
CREATE INDEX product_filter_values_by_product ON product_filter_values (tenant_id, product_id, attribute_key, value);

-- Sorting: price both ways and newest (highest id) walk an index in order and stop at the page's end.
CREATE INDEX products_by_price ON products (tenant_id, selling_price, id);
CREATE INDEX products_by_category_price ON products (tenant_id, category_id, selling_price, id);
CREATE INDEX products_by_category_id ON products (tenant_id, category_id, id);

-- A product's rating summary, kept by triggers on product_reviews whoever writes them (the importer, a customer rating
-- a delivered order), so filtering and sorting by rating read one row per product instead of averaging its reviews.
CREATE TABLE product_ratings (
  tenant_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  rating_count INTEGER NOT NULL,
  rating_total INTEGER NOT NULL,
  average REAL NOT NULL,
  PRIMARY KEY (tenant_id, product_id)
) WITHOUT ROWID;
-- "Products rated N and up" starts from the rated products, best first.
CREATE INDEX product_ratings_by_average ON product_ratings (tenant_id, average, product_id);

INSERT INTO product_ratings (tenant_id, product_id, rating_count, rating_total, average)
  SELECT tenant_id, product_id, COUNT(*), SUM(rating), SUM(rating) * 1.0 / COUNT(*) FROM product_reviews GROUP BY tenant_id, product_id;

CREATE TRIGGER product_ratings_insert AFTER INSERT ON product_reviews BEGIN
  INSERT INTO product_ratings (tenant_id, product_id, rating_count, rating_total, average)
    VALUES (new.tenant_id, new.product_id, 1, new.rating, new.rating)
    ON CONFLICT (tenant_id, product_id) DO UPDATE SET
      rating_count = rating_count + 1,
      rating_total = rating_total + excluded.rating_total,
      average = (rating_total + excluded.rating_total) * 1.0 / (rating_count + 1);
END;

CREATE TRIGGER product_ratings_delete AFTER DELETE ON product_reviews BEGIN
  UPDATE product_ratings SET
      rating_count = rating_count - 1,
      rating_total = rating_total - old.rating,
      average = CASE WHEN rating_count > 1 THEN (rating_total - old.rating) * 1.0 / (rating_count - 1) ELSE 0 END
    WHERE tenant_id = old.tenant_id AND product_id = old.product_id;
  DELETE FROM product_ratings WHERE tenant_id = old.tenant_id AND product_id = old.product_id AND rating_count <= 0;
END;

CREATE TRIGGER product_ratings_update AFTER UPDATE OF rating, product_id, tenant_id ON product_reviews BEGIN
  UPDATE product_ratings SET
      rating_count = rating_count - 1,
      rating_total = rating_total - old.rating,
      average = CASE WHEN rating_count > 1 THEN (rating_total - old.rating) * 1.0 / (rating_count - 1) ELSE 0 END
    WHERE tenant_id = old.tenant_id AND product_id = old.product_id;
  DELETE FROM product_ratings WHERE tenant_id = old.tenant_id AND product_id = old.product_id AND rating_count <= 0;
  INSERT INTO product_ratings (tenant_id, product_id, rating_count, rating_total, average)
    VALUES (new.tenant_id, new.product_id, 1, new.rating, new.rating)
    ON CONFLICT (tenant_id, product_id) DO UPDATE SET
      rating_count = rating_count + 1,
      rating_total = rating_total + excluded.rating_total,
      average = (rating_total + excluded.rating_total) * 1.0 / (rating_count + 1);
END;
