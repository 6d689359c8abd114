-- The directory (decision 061): the only rows a request reads before it knows its store. Each store's own rows live
-- in the store database named here; a store's id is given here, so it is unique across every database.

CREATE TABLE stores (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 64),
  -- The binding of the store database that holds the store's rows (wrangler.toml, STORE_DATABASES).
  database TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX stores_by_database ON stores (database);

CREATE TABLE store_hosts (
  hostname TEXT PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE
);
CREATE INDEX store_hosts_by_store ON store_hosts (store_id);

-- A store being copied to another database: while a row is here the store's writes are refused in its current
-- database (migrations/0031's fence) and its move cannot start twice.
CREATE TABLE store_moves (
  store_id INTEGER PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
  from_database TEXT NOT NULL,
  to_database TEXT NOT NULL,
  started_at INTEGER NOT NULL
);
