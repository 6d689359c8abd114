import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { ProductCard } from "../product-card";

/** 'You may also like' under the cart: products the store recommends, each with its heart and 'Add to Cart'. */
export function RecommendedStrip({ products }: { products: ProductCardData[] }) {
  return (
    <section data-testid="recommended">
      <h2 className="section-title">You may also like</h2>
      <div className="strip">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} strip className="w-40 shrink-0 snap-start" />
        ))}
      </div>
    </section>
  );
}
