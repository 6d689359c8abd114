import { useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "../../../worker/catalog/list-products";
import type { ProductCard as ProductCardData } from "../../../worker/catalog/product-card";
import { ProductCard } from "../product-card";

interface Props {
  title?: string;
  firstPage: Page<ProductCardData>;
  branchId: number;
}

/**
 * All products, a page at a time. With JavaScript the next page loads as the shopper nears the end;
 * without it, "Load more" is a plain link to the next page.
 */
export function ProductsInfiniteScroll({ title, firstPage, branchId }: Props) {
  const [products, setProducts] = useState(firstPage.data);
  const [currentPage, setCurrentPage] = useState(firstPage.current_page);
  const [isFetching, setIsFetching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentinel = useRef<HTMLAnchorElement>(null);
  const lastPage = firstPage.last_page;
  const hasMore = currentPage < lastPage;

  const loadMore = useCallback(async () => {
    if (isFetching || !hasMore) return;
    setIsFetching(true);
    setError(null);
    try {
      // The API client is fetched with the first extra page, keeping it out of the home page's initial JavaScript.
      const { browserOrigin } = await import("../../lib/browser-origin");
      const response = await browserOrigin(branchId).api["get-products"].$get({
        query: { page: String(currentPage + 1), per_page: String(firstPage.per_page) },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const next = await response.json();
      setProducts((previous) => [...previous, ...next.data]);
      setCurrentPage(next.current_page);
    } catch {
      setError("Could not load more products. Please try again.");
    } finally {
      setIsFetching(false);
    }
  }, [isFetching, hasMore, branchId, currentPage, firstPage.per_page]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || error) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: "400px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore, error]);

  return (
    <section id="all-products" data-testid="block-products_infinite_scroll" aria-busy={isFetching}>
      {title ? <h2 className="section-title">{title}</h2> : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
      {products.length === 0 ? <p className="py-6 text-center text-gray-500">No more products.</p> : null}
      {error ? (
        <p role="alert" className="mt-4 text-center text-red-700">
          {error}
        </p>
      ) : null}
      {hasMore ? (
        <div className="mt-6 text-center">
          <a
            ref={sentinel}
            href={`?page=${currentPage + 1}#all-products`}
            className="btn-outline"
            data-testid="load-more"
            onClick={(event) => {
              event.preventDefault();
              loadMore();
            }}
          >
            {isFetching ? "Loading…" : "Load more"}
          </a>
        </div>
      ) : null}
    </section>
  );
}
