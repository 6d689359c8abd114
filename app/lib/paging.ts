const MAX_PAGE = 100_000;

/** `?page=N` from a "Load more" link; anything unusable means the first page. */
export function requestedPage(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
