import { toMajor } from "../../commerce/money";
import type { StockLevel } from "../../commerce/stock";
import type { StoreSettings } from "../../commerce/store-settings";
import { levelOf, type StockColumns, stockColumns } from "./stock";

/** The product fields a listing needs (home blocks, category, search). Prices are major units. */
export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  category_id: number | null;
  selling_price: number;
  original_price: number | null;
  /** True when the product has options to choose, so adding it opens the options drawer. */
  has_options: boolean;
  /** At the branch listed for (decision 053): null when it does not count this product's stock. */
  stock: StockLevel | null;
}

export interface ProductCardRow extends StockColumns {
  id: number;
  name: string;
  slug: string;
  images_json: string;
  category_id: number | null;
  selling_price: number;
  original_price: number | null;
  has_options: number;
}

/**
 * Columns for ProductCardRow from `products p`, with its stock at the branch bound at `branchParam` (null: a list of no
 * branch, such as the wishlist, shows no stock).
 */
export function productCardColumns(branchParam: string | null): string {
  const stock = branchParam === null ? "NULL AS stock_left" : stockColumns(branchParam);
  return `p.id, p.name, p.slug, p.images_json, p.category_id, p.selling_price, p.original_price,
  (EXISTS (SELECT 1 FROM product_attributes a WHERE a.tenant_id = p.tenant_id AND a.product_id = p.id)
   OR EXISTS (SELECT 1 FROM product_multi_attributes m WHERE m.tenant_id = p.tenant_id AND m.product_id = p.id)) AS has_options,
  ${stock}`;
}

/** The picture a product is shown by wherever it is listed (card, cart line): its first image. */
export function leadImage(imagesJson: string): string | null {
  return (JSON.parse(imagesJson) as string[])[0] ?? null;
}

/** A card in the store's currency, with its stock level at the store's threshold. */
export function toProductCard(row: ProductCardRow, settings: Pick<StoreSettings, "currency" | "lowStockThreshold">): ProductCard {
  const { decimalPlaces } = settings.currency;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: leadImage(row.images_json),
    category_id: row.category_id,
    selling_price: toMajor(row.selling_price, decimalPlaces),
    original_price: row.original_price === null ? null : toMajor(row.original_price, decimalPlaces),
    has_options: row.has_options === 1,
    stock: levelOf(row, settings),
  };
}
