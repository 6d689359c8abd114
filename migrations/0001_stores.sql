-- Stores (tenants), their hostnames, settings, branches, home layout and content.
-- Every store-owned row is keyed by (tenant_id, id): ids that leave the server are tenant-scoped.

CREATE TABLE tenants (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 64)
);

CREATE TABLE tenant_hosts (
  hostname TEXT PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id)
);
CREATE INDEX tenant_hosts_tenant ON tenant_hosts (tenant_id);

-- Versions that name every cached copy of a store's data; bumping one retires the old copies.
CREATE TABLE cache_markers (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL CHECK (name IN ('settings', 'layouts', 'branches', 'products')),
  version INTEGER NOT NULL CHECK (version > 0),
  PRIMARY KEY (tenant_id, name)
) WITHOUT ROWID;

-- Key-value settings; booleans are the strings 'true' and 'false'.
CREATE TABLE site_settings (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (tenant_id, key)
) WITHOUT ROWID;

CREATE TABLE branches (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL CHECK (id > 0),
  name TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  latitude REAL,
  longitude REAL,
  is_main_branch INTEGER NOT NULL DEFAULT 0 CHECK (is_main_branch IN (0, 1)),
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;

CREATE TABLE layout_elements (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('designElement', 'plugin')),
  code TEXT NOT NULL,
  data_json TEXT NOT NULL DEFAULT '{}',
  settings_json TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL,
  unique_id TEXT,
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;

CREATE TABLE banners (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  image TEXT NOT NULL,
  link_type TEXT NOT NULL CHECK (link_type IN ('PRODUCT', 'CATEGORY', 'NO_LINK', 'CUSTOM')),
  data_json TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (tenant_id, id)
) WITHOUT ROWID;

CREATE TABLE pages (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  content_html TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, slug)
) WITHOUT ROWID;
