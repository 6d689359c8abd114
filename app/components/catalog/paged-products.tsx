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
  /** The list's name, for the outline only. */
  heading: string;
}

/**
 * A product grid that grows a page at a time (category, search). The cards head themselves with <h3>, as they do under
 * a home block's or the cart strip's <h2>; here the list's own <h2>, visually hidden, sits between them and the page's
 * <h1>, so the outline never skips a level (axe's heading-order) and a screen reader can jump to the list by name.
 */
export function PagedProducts({ testId = "product-list", heading, ...props }: Props) {
  return (
    <>
      <h2 className="sr-only">{heading}</h2>
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
    </>
  );
}
