import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { ProductCard } from "../product-card";
import { BlockSection } from "./block-section";

interface Props {
  code: "products_display" | "product_horizontal_strip";
  title?: string;
  products: ProductCardData[];
}

export function ProductBlock({ code, title, products }: Props) {
  const strip = code === "product_horizontal_strip";
  return (
    <BlockSection code={code} title={title}>
      <div className={strip ? "strip" : "grid grid-cols-2 gap-3 desktop:grid-cols-4"}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} strip={strip} className={strip ? "w-40 shrink-0 snap-start desktop:w-48" : ""} />
        ))}
      </div>
    </BlockSection>
  );
}
