-- Saved delivery addresses of a customer (docs/decisions/019-saved-addresses-and-geocoding.md). Run-time data like
-- carts: the importer replaces a store's catalogue but never a shopper's address (it only resets its demo customer's).
-- Ids are AUTOINCREMENT row ids, never reused, so a stale page's "delete address 7" cannot hit a newer address; every
-- query still names the tenant and the customer.
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  phone TEXT NOT NULL CHECK (length(phone) BETWEEN 6 AND 16),
  line1 TEXT NOT NULL CHECK (length(line1) BETWEEN 1 AND 200),
  line2 TEXT CHECK (line2 IS NULL OR length(line2) BETWEEN 1 AND 200),
  landmark TEXT CHECK (landmark IS NULL OR length(landmark) BETWEEN 1 AND 100),
  city TEXT NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  state TEXT NOT NULL CHECK (length(state) BETWEEN 1 AND 100),
  pincode TEXT NOT NULL CHECK (length(pincode) BETWEEN 3 AND 12),
  -- Both set or both null (from the map or 'Use my current location'); with them the cart knows the distance.
  latitude REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  label TEXT NOT NULL CHECK (label IN ('Home', 'Work', 'Other')),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
-- A customer's addresses, newest first (the row id follows the insertion order).
CREATE INDEX addresses_by_customer ON addresses (tenant_id, customer_id);
-- At most one default per customer: a second default is a constraint error, whatever the writer does.
CREATE UNIQUE INDEX addresses_one_default ON addresses (tenant_id, customer_id) WHERE is_default = 1;

-- The saved address a signed-in shopper chose on /cart. Its pincode and position are copied into delivery_* when
-- chosen (pricing reads those as before); this names the address the cart shows, and is cleared by any other location.
ALTER TABLE carts ADD COLUMN delivery_address_id INTEGER;
