import { type ListingQuery, listingHref, SORT_LABELS, SORTS } from "../../../commerce/catalogue-filters";
import type { FacetCount, ListingFacets } from "../../catalog/filtered-products";
import type { ProductCard } from "../../catalog/product-card";
import type { SearchPage } from "../../catalog/search-products";
import { bullets, code, document, link, text } from "./markdown";
import type { BranchName } from "./product-text";
import { address, fact, label, linksSection, price, sentence, stockText, type TextSite, textAddress } from "./text-site";

export interface ListingText {
  /** The list's address on the store, without its query: `/category/pizzas` or `/search`. */
  path: string;
  title: string;
  /** How many it lists, worded; null when nothing was asked for (a search without text). */
  count: string | null;
  /** Search text, kept in every link of the list. */
  q?: string;
  query: ListingQuery;
  listed: SearchPage<ProductCard> & { facets?: ListingFacets | null };
  /** The branch its prices and stock are at. */
  branch: BranchName | null;
  /** The branch the request named (`?branch_id=`), kept in every link; null: the store's default. */
  askedBranch: number | null;
  /** What an empty list says. */
  empty: string;
  /** The page for the shopper (a category's; a search has none worth giving). */
  shopperPage?: { label: string; path: string };
}

/**
 * A category's or a search's products as markdown (decision 091): each with its price at the branch, original price,
 * stock and whether it has options, linked to its own text; links to the pages before and after, to the list narrowed
 * by each filter and value (and widened again), and in each order; all with the request's query kept.
 */
export function listingText(site: TextSite, listing: ListingText): string {
  const { t } = site;
  const { listed, branch } = listing;
  const at = (query: ListingQuery, page = 1) => listingAddress(site, listing, query, page);
  const products = listed.data.map((card) => {
    const url = address(textAddress(site, `/product/${card.slug}`), [["branch_id", listing.askedBranch]]);
    const parts = [
      text(price(site, card.selling_price)),
      card.original_price !== null && fact(label(site, "original_price"), text(price(site, card.original_price))),
      stockText(site, card.stock),
      card.has_options && text(label(site, "has_options")),
    ].filter((part): part is string => typeof part === "string");
    return `${link(card.name, url)}: ${parts.join(" · ")}`;
  });
  const paging = [
    text(t("agent-text.page_of", { page: listed.current_page, pages: listed.last_page })),
    listed.current_page > 1 &&
      link(label(site, "previous_page"), at(listing.query, Math.min(listed.current_page, listed.last_page + 1) - 1)),
    listed.current_page < listed.last_page && link(label(site, "next_page"), at(listing.query, listed.current_page + 1)),
  ].filter((part): part is string => typeof part === "string");
  return document([
    `# ${text(listing.title)}`,
    listing.count !== null && text(listing.count),
    branch && fact(label(site, "branch"), text(branch.name)),
    products.length > 0 ? bullets(products) : text(listing.empty),
    (listed.last_page > 1 || listed.current_page > 1) && paging.join(" · "),
    filtersText(site, listing, at),
    linksSection(site, listing.shopperPage ? link(listing.shopperPage.label, `${site.pages}${listing.shopperPage.path}`) : null),
  ]);
}

/** The list at another page or narrowed otherwise: the text, filters, order and branch in the page's own order. */
function listingAddress(site: TextSite, listing: ListingText, query: ListingQuery, page: number): string {
  return listingHref(textAddress(site, listing.path), query, { q: listing.q, branchId: listing.askedBranch, page });
}

const counted = ({ count, more }: FacetCount) => `${count}${more ? "+" : ""}`;

/** Each filter's values as links that add or take them away, with their counts; each order as a link. */
function filtersText(site: TextSite, listing: ListingText, at: (query: ListingQuery) => string): string | null {
  const { t } = site;
  const { query, listed } = listing;
  const facets = listed.facets;
  const choice = (name: string, url: string, selected: boolean, count: FacetCount) =>
    `${link(name, url)} (${selected ? text(label(site, "chosen")) : counted(count)})`;
  const lines: string[] = [];
  if (facets) {
    for (const attribute of facets.attributes) {
      const values = attribute.values.map((v) => {
        const others = query.values.filter((p) => !(p.key === attribute.key && p.value === v.value));
        const values = v.selected ? others : [...query.values, { key: attribute.key, value: v.value }];
        return choice(v.value, at({ ...query, values }), v.selected, v);
      });
      if (values.length > 0) lines.push(fact(attribute.label, values.join(", ")));
    }
    const ratings = facets.ratings.map((r) =>
      choice(t("catalogue.rating_and_up", { rating: r.min }), at({ ...query, rating: r.selected ? undefined : r.min }), r.selected, r),
    );
    if (ratings.length > 0) lines.push(fact(t("catalogue.rating"), ratings.join(", ")));
    const available = listing.branch
      ? t("catalogue.available_at", { branch: listing.branch.name })
      : t("catalogue.available_at_your_branch");
    lines.push(
      fact(
        t("catalogue.availability"),
        choice(available, at({ ...query, available: !facets.available.selected }), facets.available.selected, facets.available),
      ),
    );
  }
  const sorts = SORTS.map((sort) =>
    sort === query.sort ? `**${text(t(SORT_LABELS[sort]))}**` : link(t(SORT_LABELS[sort]), at({ ...query, sort })),
  );
  lines.push(fact(label(site, "sort"), sorts.join(", ")));
  return `## ${text(label(site, "filters"))}\n\n${bullets(lines)}`;
}

/** The search without text: how to ask it. */
export function searchHowText(site: TextSite): string {
  return document([
    `# ${text(site.t("catalogue.search_title"))}`,
    text(sentence(site, "search_how")),
    code(`${site.pages}/search${site.suffix}?q=…`),
  ]);
}
