-- Real shoppers' page speed (issue 41, decision 084): how many beacons of a page kind fell in each bucket of a metric on
-- a day of the store's own calendar. A fixed set of buckets per metric (commerce/page-speed.ts) makes a store's rows per
-- day bounded (9 kinds × 101 buckets at most) however many beacons arrive: a beacon adds 1 to up to three counts.
-- Nothing in a row says who sent it or from which address.
CREATE TABLE page_speed (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  -- YYYY-MM-DD in the store's time zone (its timeZone setting, UTC by default).
  day TEXT NOT NULL CHECK (length(day) = 10),
  page_kind TEXT NOT NULL CHECK (page_kind IN ('home', 'category', 'product', 'search', 'cart', 'checkout', 'account', 'content', 'other')),
  metric TEXT NOT NULL CHECK (metric IN ('lcp', 'inp', 'cls')),
  bucket INTEGER NOT NULL CHECK (bucket BETWEEN 0 AND 38),
  count INTEGER NOT NULL CHECK (count > 0),
  -- The report reads one store's day whole: a range of the key.
  PRIMARY KEY (tenant_id, day, page_kind, metric, bucket)
) WITHOUT ROWID;

-- The fence of migration 0031 (decision 061): no write lands in a copy of a store that is moving or has left.
CREATE TRIGGER fence_insert_page_speed BEFORE INSERT ON page_speed WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_page_speed BEFORE UPDATE ON page_speed WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_page_speed BEFORE DELETE ON page_speed WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
