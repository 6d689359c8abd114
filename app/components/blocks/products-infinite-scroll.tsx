import type { Page } from "../../../worker/catalog/list-products";
import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { useT } from "../../i18n/use-t";
import { PagedList } from "../paged-list";
import { ProductCard } from "../product-card";
import { BlockSection } from "./block-section";

/**
 * All products, a page at a time (docs/decisions/005). The "Load more" link goes to the home's next
 * page; with JavaScript the home route's loader is asked for it (`?index` names the route) and it is appended.
 */
export function ProductsInfiniteScroll({ title, firstPage }: { title?: string; firstPage: Page<ProductCardData> }) {
  const t = useT();
  return (
    <BlockSection code="products_infinite_scroll" id="all-products" title={title}>
      <PagedList
        firstPage={firstPage}
        dataKey="productsPage"
        pageHref={(page) => `?page=${page}#all-products`}
        fetchHref={(page) => `/?index&page=${page}`}
        emptyText={t("home.no_more_products")}
        testId="all-products-list"
        renderItems={(products) => (
          <div className="grid grid-cols-2 gap-3 desktop:grid-cols-4">
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
      />
    </BlockSection>
  );
}
