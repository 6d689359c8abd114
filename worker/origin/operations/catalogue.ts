import type * as z from "zod/mini";
import {
  categoryOf,
  categoryProductsOf,
  categoryProductsQuery,
  productOf,
  productSearchOf,
  productsOf,
  productsQuery,
  reviewsOf,
  reviewsQuery,
  searchQuery,
  sitemapOf,
  sitemapProductsOf,
  sitemapProductsQuery,
  slugQuery,
} from "../../api/catalog";
import { pageOf, pageQuery } from "../../api/content";
import type { OriginContext } from "../../api/origin-context";
import { parseInput } from "../../api/validate";
import type { RequestReads } from "./read-once";

/** The catalogue's reads a page calls (decision 066): products, categories, search, reviews, sitemaps, content. */
export function catalogueOperations(o: OriginContext, reads: RequestReads) {
  return {
    /** GET /api/get-products */
    products: (input: z.input<typeof productsQuery>) =>
      reads.read("get-products", [input], async () => (await productsOf(o, parseInput(productsQuery, input))).value),
    /** GET /api/get-category */
    category: (input: z.input<typeof slugQuery>) =>
      reads.read("get-category", [input], async () => (await categoryOf(o, parseInput(slugQuery, input))).value),
    /** GET /api/get-category-products */
    categoryProducts: (input: z.input<typeof categoryProductsQuery>) =>
      reads.read("get-category-products", [input], async () => {
        const answer = await categoryProductsOf(o, parseInput(categoryProductsQuery, input));
        return "kept" in answer ? answer.kept.value : answer.made;
      }),
    /** GET /api/get-product */
    product: (input: z.input<typeof slugQuery>) => reads.read("get-product", [input], () => productOf(o, parseInput(slugQuery, input))),
    /** GET /api/search-products */
    searchProducts: (input: z.input<typeof searchQuery>) =>
      reads.read("search-products", [input], () => productSearchOf(o, parseInput(searchQuery, input))),
    /** GET /api/get-product-reviews */
    productReviews: (input: z.input<typeof reviewsQuery>) =>
      reads.read("get-product-reviews", [input], () => reviewsOf(o, parseInput(reviewsQuery, input))),
    /** GET /api/get-sitemap */
    sitemap: () => reads.read("get-sitemap", [], () => sitemapOf(o)),
    /** GET /api/get-sitemap-products */
    sitemapProducts: (input: z.input<typeof sitemapProductsQuery>) =>
      reads.read("get-sitemap-products", [input], () => sitemapProductsOf(o, parseInput(sitemapProductsQuery, input))),
    /** GET /api/get-page */
    page: (input: z.input<typeof pageQuery>) =>
      reads.read("get-page", [input], async () => (await pageOf(o, parseInput(pageQuery, input))).value),
  };
}
