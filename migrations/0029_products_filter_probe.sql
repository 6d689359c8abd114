-- A filtered listing's counts walk a filter value's list and look each product up by id only to check its category,
-- price and branch (decision 052). The table's own key leads to the whole row, the description and pictures included, a
-- page read per product; this index holds what those checks read, so a count never leaves the index.
CREATE INDEX products_filter_probe ON products (tenant_id, id, category_id, selling_price);
