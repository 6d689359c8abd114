import type { Page } from "../../../worker/catalog/list-products";
import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { PagedList } from "../paged-list";
import { ProductCard } from "../product-card";

interface Props {
  firstPage: Page<ProductCardData>;
  /** The address of page N; its loader answers `{ products: Page }`. */
  pageHref: (page: number) => string;
  emptyText: string;
  testId?: string;
}

/**
 * A product grid that grows a page at a time (category, search). The cards head themselves with <h3>, as they do under
 * a home block's or the cart strip's <h2>; the category and search pages put the list's own <h2> before it, visually
 * hidden, so the outline never skips a level (axe's heading-order).
 */
export function PagedProducts({ testId = "product-list", ...props }: Props) {
  return (
    <PagedList
      {...props}
      testId={testId}
      dataKey="products"
      renderItems={(products) => (
        <div className="grid grid-cols-2 gap-3 desktop:grid-cols-3">
          {/* The first row (two cards on a phone, three on desktop) is above the fold. */}
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 3} />
          ))}
        </div>
      )}
    />
  );
}
