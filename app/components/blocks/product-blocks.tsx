import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { ProductCard } from "../product-card";

interface Props {
  title?: string;
  products: ProductCardData[];
  strip?: boolean;
}

export function ProductBlock({ title, products, strip = false }: Props) {
  const code = strip ? "product_horizontal_strip" : "products_display";
  return (
    <section data-testid={`block-${code}`}>
      {title ? <h2 className="section-title">{title}</h2> : null}
      <div className={strip ? "strip" : "grid grid-cols-2 gap-3 md:grid-cols-4"}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} className={strip ? "w-40 shrink-0 snap-start md:w-48" : ""} />
        ))}
      </div>
    </section>
  );
}
