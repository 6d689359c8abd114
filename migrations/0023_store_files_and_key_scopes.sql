-- Stores through the API (docs/decisions/040-stores-through-the-api.md).

-- The store file each import applied, as it was sent, in parts of at most KEPT_PART_CHARS characters (a D1 value may
-- hold 2 MB). It is written in the import's own batch, so it is always the file the store's rows came from; replacing
-- one section through the API merges into it and imports the whole again, with the same checks and messages.
CREATE TABLE store_files (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  part INTEGER NOT NULL CHECK (part >= 0),
  body TEXT NOT NULL,
  PRIMARY KEY (tenant_id, part)
) WITHOUT ROWID;

-- What a store key may do: 'all', 'orders' (the order calls) or 'store' (replacing the store file). Keys made before
-- scopes existed keep doing everything.
ALTER TABLE store_api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'orders', 'store'));
