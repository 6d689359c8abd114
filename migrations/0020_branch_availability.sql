-- Products a branch does not sell (issue 14): a row means "not available at this branch"; no row, sold there. Written by
-- the importer from each product's unavailable_at_branches, replaced with the rest of the store's catalogue.
-- No foreign keys, like the catalogue's other child tables: the importer replaces a store whole, in one batch.
CREATE TABLE branch_unavailable_products (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  product_id INTEGER NOT NULL,
  branch_id INTEGER NOT NULL,
  -- "Is this product sold at this branch?" (product page, cart add, cart lines, listing filters): one key lookup.
  PRIMARY KEY (tenant_id, product_id, branch_id)
) WITHOUT ROWID;
-- "Which products does this branch not sell?" (search leaves them out before it pages).
CREATE INDEX branch_unavailable_products_by_branch ON branch_unavailable_products (tenant_id, branch_id, product_id);
