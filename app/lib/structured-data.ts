import type { CurrencySettings } from "../../commerce/money";
import { STOCK_SCHEMA_ORG } from "../../commerce/stock";
import type { ProductDetail } from "../../worker/catalog/product-detail";

/**
 * schema.org structured data, built by loaders and emitted by each route's meta as
 * <script type="application/ld+json"> (Remix escapes it), so none of this code ships to the browser.
 */

/** BreadcrumbList from (name, absolute url) pairs, home first. */
export function breadcrumbList(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}

/** schema.org Product with its Offer (the lowest price a shopper can pay, at the page's branch) and rating, for rich results. */
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
      // What the page says at the shopper's branch: a product it does not sell is out of stock there (decision 030), one
      // it counts has its level (decision 053), and one it does not count is in stock.
      availability: product.available ? STOCK_SCHEMA_ORG[product.stock ?? "in_stock"] : STOCK_SCHEMA_ORG.out_of_stock,
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
