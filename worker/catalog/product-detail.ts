import { toMajor } from "../../commerce/money";
import type { Attribute, Combination, ConfigurableProduct, MultiAttribute } from "../../commerce/product-options";

/**
 * A product as `GET /api/get-product` answers it: the spec's fields (id, attributes,
 * multi_selectable_attributes, combinations, selling_price) and what its page shows. Amounts are in
 * major units, like every API amount.
 */
export interface ProductDetail extends ConfigurableProduct {
  id: number;
  name: string;
  slug: string;
  description: string;
  images: string[];
  original_price: number | null;
  category: { id: number; name: string; slug: string } | null;
  rating: { average_rating: number; rating_count: number };
}

interface ProductRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  images_json: string;
  selling_price: number;
  original_price: number | null;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
}
interface AttributeRow {
  id: number;
  name: string;
}
interface ValueRow {
  id: number;
  attribute_id: number;
  value: string;
}
interface CombinationRow {
  variant_id: number;
  value_ids: string;
  price: number;
}
interface MultiAttributeRow {
  id: number;
  name: string;
  min_select: number;
  max_select: number | null;
}
interface MultiValueRow {
  id: number;
  multi_attribute_id: number;
  value: string;
  price: number | null;
  dependencies_json: string;
  variant_prices_json: string;
}
interface RatingRow {
  rating_count: number;
  average_rating: number | null;
}

/** Finds the product by slug or, when the parameter is a number no slug claims, by id. */
export async function loadProduct(db: D1Database, tenant: { id: number; decimalPlaces: number }, slugOrId: string) {
  const id = /^\d{1,10}$/.test(slugOrId) ? Number(slugOrId) : -1;
  const product = await db
    .prepare(
      `SELECT p.id, p.name, p.slug, p.description, p.images_json, p.selling_price, p.original_price, p.category_id,
              c.name AS category_name, c.slug AS category_slug
       FROM products p LEFT JOIN categories c ON c.tenant_id = p.tenant_id AND c.id = p.category_id
       WHERE p.tenant_id = ?1 AND (p.slug = ?2 OR p.id = ?3)
       ORDER BY p.slug = ?2 DESC LIMIT 1`,
    )
    .bind(tenant.id, slugOrId, id)
    .first<ProductRow>();
  if (!product) return null;
  return { ...(await loadOptions(db, tenant, product.id)), ...describe(product, tenant.decimalPlaces) };
}

function describe(row: ProductRow, decimalPlaces: number) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    images: JSON.parse(row.images_json) as string[],
    selling_price: toMajor(row.selling_price, decimalPlaces),
    original_price: row.original_price === null ? null : toMajor(row.original_price, decimalPlaces),
    category:
      row.category_id !== null && row.category_name !== null && row.category_slug !== null
        ? { id: row.category_id, name: row.category_name, slug: row.category_slug }
        : null,
  };
}

/** The product's options and rating summary in one D1 round trip. */
async function loadOptions(db: D1Database, tenant: { id: number; decimalPlaces: number }, productId: number) {
  const bind = (sql: string) => db.prepare(sql).bind(tenant.id, productId);
  const [attributes, values, combinations, groups, groupValues, rating] = await db.batch([
    bind("SELECT id, name FROM product_attributes WHERE tenant_id = ? AND product_id = ? ORDER BY position"),
    bind("SELECT id, attribute_id, value FROM product_attribute_values WHERE tenant_id = ? AND product_id = ? ORDER BY position"),
    bind("SELECT variant_id, value_ids, price FROM product_combinations WHERE tenant_id = ? AND product_id = ? ORDER BY position"),
    bind("SELECT id, name, min_select, max_select FROM product_multi_attributes WHERE tenant_id = ? AND product_id = ? ORDER BY position"),
    bind(
      `SELECT id, multi_attribute_id, value, price, dependencies_json, variant_prices_json
       FROM product_multi_values WHERE tenant_id = ? AND product_id = ? ORDER BY position`,
    ),
    bind("SELECT COUNT(*) AS rating_count, AVG(rating) AS average_rating FROM product_reviews WHERE tenant_id = ? AND product_id = ?"),
  ]);
  const money = (minor: number) => toMajor(minor, tenant.decimalPlaces);
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];

  const valueRows = rows<ValueRow>(values);
  const attributeList: Attribute[] = rows<AttributeRow>(attributes).map((a) => ({
    id: a.id,
    name: a.name,
    values: valueRows.filter((v) => v.attribute_id === a.id).map((v) => ({ id: v.id, value: v.value })),
  }));
  const combinationList: Combination[] = rows<CombinationRow>(combinations).map((c) => ({
    ids: c.value_ids.split(",").map(Number),
    price: money(c.price),
    variant_id: c.variant_id,
  }));
  const multiValueRows = rows<MultiValueRow>(groupValues);
  const groupList: MultiAttribute[] = rows<MultiAttributeRow>(groups).map((g) => ({
    id: g.id,
    name: g.name,
    min_select: g.min_select,
    max_select: g.max_select,
    values: multiValueRows
      .filter((v) => v.multi_attribute_id === g.id)
      .map((v) => ({
        id: v.id,
        value: v.value,
        price: v.price === null ? null : money(v.price),
        dependencies: JSON.parse(v.dependencies_json) as number[],
        variant_prices: (JSON.parse(v.variant_prices_json) as { variant_id: number; price: number }[]).map((vp) => ({
          variant_id: vp.variant_id,
          price: money(vp.price),
        })),
      })),
  }));
  const summary = rows<RatingRow>(rating)[0];
  return {
    attributes: attributeList,
    combinations: combinationList,
    multi_selectable_attributes: groupList,
    rating: {
      rating_count: summary?.rating_count ?? 0,
      average_rating: Math.round((summary?.average_rating ?? 0) * 10) / 10,
    },
  };
}
