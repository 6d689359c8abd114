-- Demo customers are marked (decision 060): a store file may create and reset only the accounts it made itself, never a
-- shopper's. Accounts an import already made from a store file are those whose email is among the demo customers of
-- the store's kept file (migration 0023); each kept file is joined from its parts and read once.
ALTER TABLE customers ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));

UPDATE customers SET demo = 1
WHERE (tenant_id, email) IN (
  SELECT f.tenant_id, lower(json_extract(d.value, '$.email'))
  FROM (
    SELECT tenant_id, group_concat(body, '') AS file
    FROM (SELECT tenant_id, body FROM store_files ORDER BY tenant_id, part)
    GROUP BY tenant_id
  ) f, json_each(f.file, '$.demo_customers') d
  WHERE json_valid(f.file)
);
