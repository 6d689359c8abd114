import { Link } from "@remix-run/react";
import type { ProductCard as ProductCardData } from "../../worker/catalog/product-card";
import { imagePriority } from "../lib/image-priority";
import { IMAGE_SLOTS } from "../lib/image-sources";
import { useStore } from "../lib/use-store";
import { Price } from "./price";
import { AddToCartButton } from "./product/add-to-cart-button";
import { StockBadge } from "./product/stock-badge";
import { WishlistHeart } from "./product/wishlist-heart";
import { StoreImage } from "./store-image";

/**
 * `eager`: a card in the first row of a listing, whose picture is the page's largest paint (fetched first, not lazily).
 * `strip`: a card of fixed width in a horizontal strip (its picture is asked for at that width).
 */
export function ProductCard({
  product,
  className = "",
  eager = false,
  strip = false,
}: {
  product: ProductCardData;
  className?: string;
  eager?: boolean;
  strip?: boolean;
}) {
  // Spec section 9: a digital store hides the price and call-to-action container.
  const isDigital = useStore()?.isDigital ?? false;
  return (
    <article className={`card relative flex flex-col overflow-hidden ${className}`} data-testid="product-card">
      <Link to={`/product/${product.slug}`} className="flex flex-1 flex-col" prefetch="intent">
        {product.image ? (
          <StoreImage
            src={product.image}
            alt=""
            shownAt={strip ? IMAGE_SLOTS.productStrip : IMAGE_SLOTS.productCard}
            {...imagePriority(eager)}
            width={400}
            height={400}
            className="aspect-square w-full bg-brand-s10 object-cover"
          />
        ) : (
          <div className="aspect-square w-full bg-brand-s10" />
        )}
        <h3 className="line-clamp-2 px-3 pt-3 text-sm font-medium text-ink">{product.name}</h3>
      </Link>
      {/* Over the picture's corner; after the link, so the keyboard reaches the product first. */}
      <WishlistHeart product={product} className="absolute end-2 top-2" />
      {isDigital ? null : (
        <div className="flex flex-col gap-2 p-3 pt-1" data-testid="product-cta">
          <Price amount={product.selling_price} original={product.original_price} />
          <StockBadge level={product.stock} />
          {/* Out of stock at this branch: nothing to add (the server would refuse it). */}
          {product.stock === "out_of_stock" ? null : <AddToCartButton product={product} />}
        </div>
      )}
    </article>
  );
}
