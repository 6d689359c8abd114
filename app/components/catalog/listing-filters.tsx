import { Form, Link, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import type { FormEvent } from "react";
import {
  isFiltered,
  type ListingQuery,
  listingHref,
  listingQueryFromUrl,
  NO_FILTERS,
  SORT_LABELS,
  SORTS,
} from "../../../commerce/catalogue-filters";
import type { FacetCount, ListingFacets } from "../../../worker/catalog/filtered-products";
import { useT } from "../../i18n/use-t";
import type { RootData } from "../../route-data";

interface Props {
  /** The page the form narrows: /category/… or /search. */
  action: string;
  /** The search's words, kept when the filters change. */
  q?: string;
  query: ListingQuery;
  facets: ListingFacets | null;
}

const countText = ({ count, more }: FacetCount) => (more ? `${count}+` : String(count));

/**
 * Sorting and filters of a category page or search results. Without JavaScript it is a GET form with an Apply button;
 * with it, a choice applies at once (prices on Apply or Enter) and the results update in place, each change a history
 * entry, so the back button undoes it.
 */
export function ListingFilters({ action, q, query, facets }: Props) {
  const t = useT();
  const branchName = useRouteLoaderData<RootData>("root")?.branch.name;
  const navigate = useNavigate();
  const location = useLocation();
  const go = (form: HTMLFormElement) => {
    const chosen = listingQueryFromUrl(new URLSearchParams(new FormData(form) as unknown as string[][]));
    navigate(listingHref(action, chosen, { q }), { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(event.currentTarget);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    // Typing a price waits for Apply or Enter; a box, a choice or the order applies at once.
    if ((event.target as HTMLInputElement).type !== "number") go(event.currentTarget);
  };
  const shown = facets?.attributes
    .map((a) => ({ ...a, values: a.values.filter((v) => v.count > 0 || v.selected) }))
    .filter((a) => a.values.length > 0);
  const field = "rounded border border-gray-300 bg-white px-2 py-1.5";
  return (
    <Form
      method="get"
      action={action}
      key={location.search}
      onSubmit={onSubmit}
      onChange={onChange}
      className="mb-5 rounded-lg border border-gray-200 bg-white p-3 text-sm"
      data-testid="listing-filters"
      aria-label={t("catalogue.filters_label")}
    >
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2">
          <span className="text-gray-700">{t("catalogue.sort_by")}</span>
          <select name="sort" defaultValue={query.sort} className={field} data-testid="sort">
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-brand ms-auto" data-testid="apply-filters">
          {t("catalogue.apply")}
        </button>
        {isFiltered(query) || query.sort !== "relevance" ? (
          <Link to={listingHref(action, NO_FILTERS, { q })} className="underline" data-testid="clear-filters">
            {t("catalogue.clear_filters")}
          </Link>
        ) : null}
      </div>
      <details className="mt-3" open={isFiltered(query)}>
        <summary className="cursor-pointer font-medium text-ink">{t("catalogue.filters")}</summary>
        <div className="mt-3 grid gap-4 desktop:grid-cols-3">
          <fieldset>
            <legend className="mb-1 font-medium text-ink">{t("catalogue.price")}</legend>
            <div className="flex items-center gap-2">
              <input
                name="min_price"
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={query.minPrice}
                aria-label={t("catalogue.lowest_price")}
                placeholder={t("catalogue.price_min")}
                className={`${field} w-24`}
              />
              <span aria-hidden="true">–</span>
              <input
                name="max_price"
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={query.maxPrice}
                aria-label={t("catalogue.highest_price")}
                placeholder={t("catalogue.price_max")}
                className={`${field} w-24`}
              />
            </div>
          </fieldset>
          {shown?.map((attribute) => (
            <fieldset key={attribute.key} data-testid={`filter-${attribute.key}`}>
              <legend className="mb-1 font-medium text-ink">{attribute.label}</legend>
              {attribute.values.map((value) => (
                <label key={value.value} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" name="filter" value={`${attribute.key}:${value.value}`} defaultChecked={value.selected} />
                  <span>{value.value}</span>
                  <span className="text-gray-600">({countText(value)})</span>
                </label>
              ))}
            </fieldset>
          ))}
          {facets ? (
            <fieldset data-testid="filter-rating">
              <legend className="mb-1 font-medium text-ink">{t("catalogue.rating")}</legend>
              <label className="flex items-center gap-2 py-0.5">
                <input type="radio" name="rating" value="" defaultChecked={query.rating === undefined} />
                <span>{t("catalogue.any_rating")}</span>
              </label>
              {facets.ratings.map((rating) => (
                <label key={rating.min} className="flex items-center gap-2 py-0.5">
                  <input type="radio" name="rating" value={rating.min} defaultChecked={rating.selected} />
                  <span>{t("catalogue.rating_and_up", { rating: rating.min })}</span>
                  <span className="text-gray-600">({countText(rating)})</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {facets ? (
            <fieldset data-testid="filter-availability">
              <legend className="mb-1 font-medium text-ink">{t("catalogue.availability")}</legend>
              <label className="flex items-center gap-2 py-0.5">
                <input type="checkbox" name="available" value="1" defaultChecked={facets.available.selected} />
                <span>{branchName ? t("catalogue.available_at", { branch: branchName }) : t("catalogue.available_at_your_branch")}</span>
                <span className="text-gray-600">({countText(facets.available)})</span>
              </label>
            </fieldset>
          ) : null}
        </div>
      </details>
    </Form>
  );
}
