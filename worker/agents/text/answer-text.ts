import { DEFAULT_BRANCH_ID } from "../../../commerce/branch-choice";
import { isFiltered, type ListingQuery, listingQueryFromUrl, pickedText } from "../../../commerce/catalogue-filters";
import type { Translate } from "../../../commerce/i18n/catalogue";
import { storeSettings } from "../../../commerce/store-settings";
import { CATALOGUE_CACHE_CONTROL } from "../../../web/cache-control";
import type { FilteredPage, ListingFacets } from "../../catalog/filtered-products";
import type { ProductCard } from "../../catalog/product-card";
import type { ProductDetail } from "../../catalog/product-detail";
import type { SearchPage } from "../../catalog/search-products";
import type { SitemapIndex } from "../../catalog/sitemap";
import type { ContentPage, PageLink } from "../../content/pages";
import type { CallApi } from "../../http/in-worker-api";
import type { Category, StoreData } from "../../store-data/store-data";
import { StoreClient, StoreRefusal } from "../store-client";
import { listingText, searchHowText } from "./listing-text";
import { llmsText } from "./llms-text";
import { contentPageText, problemText } from "./page-text";
import { productText } from "./product-text";
import { label, type TextSite } from "./text-site";

/** The addresses with a text form below the language's prefix (text-request.ts `isTextRequest`'s). */
const ADDRESS = /^\/(?:(product|category|page)\/([^/]+?)|(search)|(llms\.txt))(\.md)?$/;
/** What the API takes as a slug (worker/api/paging.ts): anything else is no page of the store's. */
const SLUG = /^[A-Za-z0-9-]{1,120}$/;
/** As many as the pages list, so `?page=N` lists the same products in both forms. */
const PER_PAGE = 12;
/** The API's limit; a longer search is cut, as the search page cuts it. */
const MAX_QUERY = 100;
const MAX_PAGE = 100_000;
/** llms.txt names this many categories at most: each is one call of the store's API. */
const MAX_LLMS_CATEGORIES = 100;

/**
 * A page of the store as text for agents (decision 091): the markdown of a product, category, search or content page,
 * or the store's llms.txt, at `origin` (the store's, as the request reached it) under the page language's `prefix`,
 * read through the store's own API as an anonymous visitor (`callApi`) and written by the renderers beside this file.
 * The same for every visitor: no cookie or session of the request is read. A slug the store has no page for is a 404,
 * and anything else the API refuses is its status, both in markdown.
 */
export async function answerText(requestUrl: string, origin: string, prefix: string, callApi: CallApi, t: Translate): Promise<Response> {
  const url = new URL(requestUrl);
  const store = new StoreClient(callApi, origin);
  const [, kind, slug = "", search, llms, md] = ADDRESS.exec(url.pathname.slice(prefix.length)) ?? [];
  const data = await store.get<StoreData>("/api/get-data");
  const settings = storeSettings(data.settings);
  const site: TextSite = {
    t,
    origin,
    pages: origin + prefix,
    suffix: md || llms ? ".md" : "",
    currency: settings.currency,
    agents: settings.agents,
  };
  if (llms) {
    const body = llmsText(site, { name: settings.name, description: settings.seo.description, ...(await storeIndex(store)) });
    return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
  }
  const notFound = () => markdown(404, problemText(site, t("common.not_found_title"), t("common.not_found_text")));
  if (!search && !SLUG.test(slug)) return notFound();
  // The branch named by `?branch_id=` when it is one of the store's, else the one a page shows a visitor who chose none.
  const asked = data.branches.find((b) => String(b.id) === url.searchParams.get("branch_id")) ?? null;
  const branch = asked ?? data.branches.find((b) => b.is_main_branch) ?? data.branches.find((b) => b.id === DEFAULT_BRANCH_ID) ?? null;
  try {
    if (kind === "product") {
      const product = await store.get<ProductDetail>("/api/get-product", { slug, branch_id: branch?.id });
      return markdown(200, productText(site, { product, branch, otherBranches: data.branches.filter((b) => b.id !== branch?.id) }));
    }
    if (kind === "page") return markdown(200, contentPageText(site, await store.get<ContentPage>("/api/get-page", { slug })));
    const query = listingQueryFromUrl(url.searchParams);
    const page = Number(url.searchParams.get("page"));
    const listing = { query, branch, askedBranch: asked?.id ?? null };
    const apiQuery = {
      page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
      per_page: PER_PAGE,
      ...apiQueryOf(query),
      branch_id: branch?.id,
    };
    if (kind === "category") {
      const [category, listed] = await Promise.all([
        store.get<Category>("/api/get-category", { slug }),
        store.get<FilteredPage>("/api/get-category-products", { slug, ...apiQuery }),
      ]);
      const path = `/category/${category.slug}`;
      const count = listed.total_is_lower_bound ? "catalogue.product_count_at_least" : "catalogue.product_count";
      return markdown(
        200,
        listingText(site, {
          ...listing,
          path,
          title: category.name,
          count: t(count, { count: listed.total }),
          listed,
          empty: t(isFiltered(query) ? "catalogue.no_matches" : "catalogue.category_empty"),
          shopperPage: { label: label(site, "category_page"), path },
        }),
      );
    }
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY).trim();
    if (q === "") return markdown(200, searchHowText(site));
    const listed = await store.get<SearchPage<ProductCard> & { facets: ListingFacets | null }>("/api/search-products", {
      q,
      ...apiQuery,
    });
    const count = listed.total_is_lower_bound ? "catalogue.result_count_at_least" : "catalogue.result_count";
    return markdown(
      200,
      listingText(site, {
        ...listing,
        path: "/search",
        title: t("catalogue.search_title"),
        count: t(count, { count: listed.total, q }),
        q,
        listed,
        empty: t(isFiltered(query) ? "catalogue.no_matches" : "catalogue.search_empty"),
      }),
    );
  } catch (error) {
    if (!(error instanceof StoreRefusal)) throw error;
    return error.status === 404 ? notFound() : markdown(error.status, problemText(site, label(site, "refused_title"), error.message));
  }
}

/** A listing query in the API's names, as the pages send it (app/lib/listing-query.ts). */
function apiQueryOf(query: ListingQuery) {
  return {
    sort: query.sort,
    min_price: query.minPrice,
    max_price: query.maxPrice,
    rating: query.rating,
    available: query.available ? "1" : "0",
    filter: query.values.map(pickedText),
  };
}

/** The store's categories by name and its content pages by title, in the store's order. */
async function storeIndex(store: StoreClient) {
  const [index, pages] = await Promise.all([store.get<SitemapIndex>("/api/get-sitemap"), store.get<PageLink[]>("/api/get-pages")]);
  const slugs = index.categories.slice(0, MAX_LLMS_CATEGORIES);
  const categories = await Promise.all(slugs.map((slug) => store.get<Category>("/api/get-category", { slug })));
  return { categories, pages };
}

/** A markdown answer: the same for every visitor, so kept like an anonymous visitor's page (decision 035). */
function markdown(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Cache-Control": CATALOGUE_CACHE_CONTROL,
      Vary: "Accept",
      // The page's HTML is what a search engine should list; this is the same page for agents.
      "X-Robots-Tag": "noindex",
    },
  });
}
