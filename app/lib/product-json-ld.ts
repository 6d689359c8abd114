import type { CurrencySettings } from "../../commerce/money";
import type { ProductDetail } from "../../worker/catalog/product-detail";

/** schema.org Product with its Offer (the lowest price a shopper can pay) and rating, for rich results. */
export function productJsonLd(product: ProductDetail, url: string, currency: CurrencySettings): Record<string, unknown> {
  const prices = product.combinations.length ? product.combinations.map((c) => c.price) : [product.selling_price];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images.length ? { image: product.images.map((image) => new URL(image, url).href) } : {}),
    sku: String(product.id),
    url,
    offers: {
      "@type": "Offer",
      url,
      price: Math.min(...prices).toFixed(currency.decimalPlaces),
      priceCurrency: currency.currencyCode,
      availability: "https://schema.org/InStock",
    },
    ...(product.rating.rating_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average_rating,
            reviewCount: product.rating.rating_count,
          },
        }
      : {}),
  };
}
