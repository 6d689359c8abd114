import { toMajor } from "../../commerce/money";
import type { ConfigurableProduct } from "../../commerce/product-options";
import type { StockLevel } from "../../commerce/stock";
import { namedBatch } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import { soldAtBranchStep, soldFrom } from "./branch-availability";
import { assembleOptions, optionSteps } from "./product-options-loader";
import { levelOf, stockFrom, stockStep } from "./stock";

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
  /**
   * False when the branch of the call (`branch_id`) does not sell it: the product still answers (links are shared
   * between shoppers of every branch), but adding it to that branch's cart is refused.
   */
  available: boolean;
  /**
   * Its stock at that branch (decision 053): in_stock, low_stock or out_of_stock; null when the branch does not count it
   * (sold without limit). Out of stock: the page says so instead of the add-to-cart form.
   */
  stock: StockLevel | null;
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
interface RatingRow {
  rating_count: number;
  average_rating: number | null;
}

/** A product as the catalogue describes it: all of `ProductDetail` but its rating, which changes between imports. */
export type CataloguedProduct = Omit<ProductDetail, "rating">;

/** Finds the product by slug or, when the parameter is a number no slug claims, by id; `available` is at the branch. */
export async function loadProduct(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  branchId: number,
  slugOrId: string,
): Promise<CataloguedProduct | null> {
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
  return { ...(await loadOptions(db, tenant, branchId, product.id)), ...describe(product, tenant.settings.currency.decimalPlaces) };
}

/**
 * A product's rating summary. Read apart from the rest: a customer rating an order changes it, which bumps no cache
 * marker, so it is never part of a cached copy.
 */
export async function loadRating(db: D1Database, tenantId: number, productId: number): Promise<ProductDetail["rating"]> {
  const summary = await db
    .prepare("SELECT COUNT(*) AS rating_count, AVG(rating) AS average_rating FROM product_reviews WHERE tenant_id = ?1 AND product_id = ?2")
    .bind(tenantId, productId)
    .first<RatingRow>();
  return {
    rating_count: summary?.rating_count ?? 0,
    average_rating: Math.round((summary?.average_rating ?? 0) * 10) / 10,
  };
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

/** The product's options, availability and stock at the branch in one D1 round trip. */
async function loadOptions(db: D1Database, tenant: Pick<Tenant, "id" | "settings">, branchId: number, productId: number) {
  const ran = await namedBatch(db, {
    options: optionSteps(db, tenant.id, productId),
    sold: soldAtBranchStep(db, tenant.id, branchId, productId),
    stock: stockStep(db, tenant.id, branchId, productId),
  });
  const options = assembleOptions(ran.options, (minor) => toMajor(minor, tenant.settings.currency.decimalPlaces));
  return { ...options, available: soldFrom(ran.sold), stock: levelOf(stockFrom(ran.stock), tenant.settings) };
}
