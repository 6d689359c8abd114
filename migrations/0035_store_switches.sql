-- The desk's switches (issue 41, decision 087): the whole store, or one of its branches, opened or closed by a staff
-- member or the owner's key. The switch takes effect where the storefront already reads it (the globalStoreEnable
-- setting, branches.closed); this table keeps the desk's word apart from the rows a store file replaces, and every
-- import puts it back over the file's values, so a re-import never opens or closes the store or a branch.
CREATE TABLE store_switches (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  -- 0: the whole store; else the id of one of its branches (no reference: an import replaces the branches' rows).
  branch_id INTEGER NOT NULL CHECK (branch_id >= 0),
  open INTEGER NOT NULL CHECK (open IN (0, 1)),
  changed_at INTEGER NOT NULL,
  -- Who switched it: a staff member at the desk, or the owner API's key.
  staff_id INTEGER REFERENCES staff (id),
  store_key_id INTEGER REFERENCES store_api_keys (id),
  PRIMARY KEY (tenant_id, branch_id)
) WITHOUT ROWID;

-- The fence of migration 0031 (decision 061): no write lands in a copy of a store that is moving or has left.
CREATE TRIGGER fence_insert_store_switches BEFORE INSERT ON store_switches WHEN (SELECT moving FROM tenants WHERE id = NEW.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_update_store_switches BEFORE UPDATE ON store_switches WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) IN (1, 3)
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
CREATE TRIGGER fence_delete_store_switches BEFORE DELETE ON store_switches WHEN (SELECT moving FROM tenants WHERE id = OLD.tenant_id) = 1
BEGIN SELECT RAISE(ABORT, 'store_moving'); END;
