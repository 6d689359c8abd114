import { Link } from "@remix-run/react";
import type { ProductCard as ProductCardData } from "../../worker/catalog/product-card";
import { Price } from "./price";

export function ProductCard({ product, className = "" }: { product: ProductCardData; className?: string }) {
  return (
    <article className={`card flex flex-col overflow-hidden ${className}`} data-testid="product-card">
      <Link to={`/product/${product.slug}`} className="flex flex-1 flex-col" prefetch="intent">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            loading="lazy"
            width={400}
            height={400}
            className="aspect-square w-full bg-brand-s10 object-cover"
          />
        ) : (
          <div className="aspect-square w-full bg-brand-s10" />
        )}
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 text-sm font-medium text-ink">{product.name}</h3>
          <div className="mt-auto">
            <Price amount={product.selling_price} original={product.original_price} />
          </div>
        </div>
      </Link>
    </article>
  );
}
