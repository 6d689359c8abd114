/** A product attribute the store declared filterable in its file, with its values, in the file's order. */
export interface FilterAttribute {
  key: string;
  label: string;
  values: string[];
}

export async function loadFilterAttributes(db: D1Database, tenantId: number): Promise<FilterAttribute[]> {
  const result = await db
    .prepare(
      `SELECT a.key, a.label, v.value FROM filter_attributes a
       JOIN filter_values v ON v.tenant_id = a.tenant_id AND v.attribute_key = a.key
       WHERE a.tenant_id = ?1 ORDER BY a.position, v.position`,
    )
    .bind(tenantId)
    .all<{ key: string; label: string; value: string }>();
  const attributes: FilterAttribute[] = [];
  for (const row of result.results) {
    const last = attributes[attributes.length - 1];
    if (last?.key === row.key) last.values.push(row.value);
    else attributes.push({ key: row.key, label: row.label, values: [row.value] });
  }
  return attributes;
}
