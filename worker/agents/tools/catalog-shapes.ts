import type { StoreSettings } from "../../../commerce/store-settings";
import type { ProductCard } from "../../catalog/product-card";
import type { ProductDetail } from "../../catalog/product-detail";
import { type Price, priceOf } from "../ucp";

/** A product in a listing as UCP's catalog shows it, with the store's own fields an agent needs to go on. */
export function productSummary(settings: StoreSettings, origin: string, card: ProductCard) {
  const price = priceOf(settings, card.selling_price);
  return {
    id: String(card.id),
    handle: card.slug,
    title: card.name,
    url: `${origin}/product/${card.slug}`,
    price_range: { min: price, max: price },
    ...(card.original_price !== null ? { list_price: priceOf(settings, card.original_price) } : {}),
    media: card.image ? [{ type: "image", url: absolute(origin, card.image), alt_text: card.name }] : [],
    // Ours: a product with options must be added with them (get_product says which).
    has_options: card.has_options,
    availability: { available: card.stock !== "out_of_stock", stock: card.stock },
  };
}

/**
 * A product with everything adding it needs: UCP's options and variants (one per combination of the single-choice
 * options, priced at the branch), and the store's add-ons (`add_on_groups`) with their limits and dependencies, which
 * UCP has no field for. `update_cart` takes the same ids back in `selected_options` and `selected_add_ons`.
 */
export function productDetail(settings: StoreSettings, origin: string, product: ProductDetail) {
  const price = (major: number) => priceOf(settings, major);
  const valueName = new Map(product.attributes.flatMap((a) => a.values.map((v) => [v.id, { option: a.name, label: v.value }] as const)));
  const variants =
    product.combinations.length > 0
      ? product.combinations.map((combination) => ({
          id: String(combination.variant_id),
          title: combination.ids.map((id) => valueName.get(id)?.label ?? String(id)).join(" / "),
          price: price(combination.price),
          availability: { available: product.available && product.stock !== "out_of_stock" },
          selected_options: combination.ids.map((id) => ({
            name: valueName.get(id)?.option ?? "",
            label: valueName.get(id)?.label ?? "",
            value_id: id,
          })),
        }))
      : [
          {
            id: String(product.id),
            title: product.name,
            price: price(product.selling_price),
            availability: { available: product.available && product.stock !== "out_of_stock" },
            selected_options: [],
          },
        ];
  const prices = variants.map((v) => v.price.amount);
  const range = (amount: number): Price => ({ amount, currency: settings.currency.currencyCode });
  return {
    id: String(product.id),
    handle: product.slug,
    title: product.name,
    description: { plain: product.description },
    url: `${origin}/product/${product.slug}`,
    categories: product.category ? [{ value: product.category.name, taxonomy: "merchant", id: product.category.slug }] : [],
    price_range: { min: range(Math.min(...prices)), max: range(Math.max(...prices)) },
    ...(product.original_price !== null ? { list_price: price(product.original_price) } : {}),
    media: product.images.map((image) => ({ type: "image", url: absolute(origin, image), alt_text: product.name })),
    options: product.attributes.map((attribute) => ({
      id: attribute.id,
      name: attribute.name,
      required: true,
      values: attribute.values.map((value) => ({ id: value.id, label: value.value })),
    })),
    variants,
    add_on_groups: product.multi_selectable_attributes.map((group) => ({
      id: group.id,
      name: group.name,
      min_select: group.min_select,
      max_select: group.max_select,
      values: group.values.map((value) => ({
        id: value.id,
        label: value.value,
        price: value.price === null ? null : price(value.price),
        // The option values (ids above) one of which must be chosen for this add-on to be offered; empty: always.
        requires_any_of: value.dependencies,
        variant_prices: value.variant_prices.map((vp) => ({ variant_id: String(vp.variant_id), price: price(vp.price) })),
      })),
    })),
    availability: {
      available: product.available && product.stock !== "out_of_stock",
      sold_at_branch: product.available,
      stock: product.stock,
    },
    rating: { value: product.rating.average_rating, scale_max: 5, count: product.rating.rating_count },
  };
}

function absolute(origin: string, path: string): string {
  return path.startsWith("/") ? `${origin}${path}` : path;
}
