import { useFetcher } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Page } from "../../worker/catalog/list-products";
import { useT } from "../i18n/use-t";

interface Props<T> {
  firstPage: Page<T>;
  /** The address of page N of this list, for the "Load more" link. */
  pageHref: (page: number) => string;
  /** Where the route's loader answers page N under `dataKey`; the link's address unless it differs. */
  fetchHref?: (page: number) => string;
  dataKey: string;
  renderItems: (items: T[]) => ReactNode;
  emptyText: string;
  testId: string;
  /** When the route's data is read again, show its first page instead of what was loaded (default: keep it). */
  followData?: boolean;
}

/**
 * A list a page at a time (the spec's products and reviews slices: each page is appended). With
 * JavaScript the next page comes from the route's own loader as the shopper nears the end; without it,
 * "Load more" is a link to the next page.
 */
export function PagedList<T>({
  firstPage,
  pageHref,
  fetchHref = pageHref,
  dataKey,
  renderItems,
  emptyText,
  testId,
  followData = false,
}: Props<T>) {
  const t = useT();
  const fetcher = useFetcher<Record<string, Page<T>>>();
  const [pages, setPages] = useState([firstPage]);
  const sentinel = useRef<HTMLAnchorElement>(null);
  // The observer and a click can both ask for the next page before the fetcher's state says it is busy.
  const requested = useRef(firstPage.current_page);
  const last = pages[pages.length - 1] ?? firstPage;
  const hasMore = last.current_page < last.last_page;
  const isFetching = fetcher.state === "loading";

  // A list that follows its data (My orders, revalidated by live order updates) starts again from the first page read.
  useEffect(() => {
    if (!followData) return;
    setPages((loaded) => (loaded.length === 1 && loaded[0] === firstPage ? loaded : [firstPage]));
    requested.current = firstPage.current_page;
  }, [firstPage, followData]);

  useEffect(() => {
    const next = fetcher.data?.[dataKey];
    if (next) setPages((loaded) => (loaded.some((p) => p.current_page === next.current_page) ? loaded : [...loaded, next]));
  }, [fetcher.data, dataKey]);

  const loadMore = () => {
    const next = last.current_page + 1;
    if (!hasMore || requested.current >= next) return;
    requested.current = next;
    fetcher.load(fetchHref(next));
  };

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || isFetching) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: "400px" });
    observer.observe(target);
    return () => observer.disconnect();
  });

  const items = pages.flatMap((page) => page.data);
  return (
    <div data-testid={testId} aria-busy={isFetching}>
      {items.length === 0 ? (
        <p className="py-10 text-center text-gray-600" data-testid="empty-list">
          {emptyText}
        </p>
      ) : (
        renderItems(items)
      )}
      {hasMore ? (
        <div className="mt-6 text-center">
          <a
            ref={sentinel}
            href={pageHref(last.current_page + 1)}
            className="btn-outline"
            data-testid="load-more"
            onClick={(event) => {
              event.preventDefault();
              loadMore();
            }}
          >
            {isFetching ? t("common.loading") : t("common.load_more")}
          </a>
        </div>
      ) : null}
    </div>
  );
}
