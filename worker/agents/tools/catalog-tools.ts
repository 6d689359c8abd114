import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { StoreSettings } from "../../../commerce/store-settings";
import * as z from "../../../commerce/zod";
import type { BranchChoice } from "../../branches/branch-choice-answer";
import type { ProductCard } from "../../catalog/product-card";
import type { ProductDetail } from "../../catalog/product-detail";
import type { SearchPage } from "../../catalog/search-products";
import type { SitemapIndex } from "../../catalog/sitemap";
import type { Category } from "../../store-data/store-data";
import type { StoreClient } from "../store-client";
import { envelope, meta, toolAnswer, toolRefusal, type UcpMessage } from "../ucp";
import { productDetail, productSummary } from "./catalog-shapes";
import { runTool } from "./tool-run";

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;
const PER_PAGE_MAX = 48;
const LOOKUP_MAX = 20;

/** Ours: the branch prices and stock are at (list_branches); default the store's first. */
const branchContext = z.optional(z.object({ branch_id: z.optional(z.number().check(z.int(), z.gte(1))) }));
const productId = z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^[A-Za-z0-9-]+$/));

const searchInput = z.object({
  meta,
  catalog: z.object({
    query: z.string().check(z.maxLength(100)),
    context: branchContext,
    filters: z.optional(
      z.object({
        categories: z.optional(z.array(z.string().check(z.maxLength(120))).check(z.maxLength(1))),
        price: z.optional(z.object({ min: z.optional(z.number().check(z.gte(0))), max: z.optional(z.number().check(z.gte(0))) })),
        available: z.optional(z.boolean()),
        min_rating: z.optional(z.number().check(z.int(), z.gte(1), z.lte(5))),
        attributes: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20))),
      }),
    ),
    sort: z.optional(z.enum(["relevance", "price_asc", "price_desc", "rating", "newest"])),
    pagination: z.optional(
      z.object({
        cursor: z.optional(z.string().check(z.maxLength(20))),
        limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(PER_PAGE_MAX))),
      }),
    ),
  }),
});

/** The catalogue's tools: UCP's search_catalog, lookup_catalog and get_product, and the store's categories and branches. */
export function registerCatalogTools(server: McpServer, store: StoreClient) {
  server.registerTool(
    "search_catalog",
    {
      title: "Search the store's products",
      description:
        "Searches the store's products by text, as its search page does, or lists one category's products when " +
        "`filters.categories` names a category handle (list_categories) and the query is empty. Prices are in minor " +
        "units at the branch in `context.branch_id` (list_branches; default the store's first). Filters: price in " +
        "minor units, in stock only, a minimum rating, and attribute filters written `key:value` (e.g. `diet:veg`). " +
        "Pass `pagination.cursor` from the last answer to get the next page.",
      inputSchema: searchInput,
      annotations: READ_ONLY,
    },
    ({ catalog }) =>
      runTool(async () => {
        const settings = await store.settings();
        const page = Number(catalog.pagination?.cursor ?? "1");
        const limit = catalog.pagination?.limit ?? 10;
        const scale = 10 ** settings.currency.decimalPlaces;
        const { filters } = catalog;
        const query = {
          page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
          per_page: limit,
          sort: catalog.sort,
          min_price: filters?.price?.min === undefined ? undefined : filters.price.min / scale,
          max_price: filters?.price?.max === undefined ? undefined : filters.price.max / scale,
          available: filters?.available ? "1" : undefined,
          rating: filters?.min_rating,
          filter: filters?.attributes,
          branch_id: catalog.context?.branch_id,
        };
        const category = filters?.categories?.[0];
        const text = catalog.query.trim();
        if (text === "" && category === undefined) {
          return toolRefusal("invalid_input", "Give a query, or a category handle in filters.categories with an empty query.");
        }
        if (text === "" && category !== undefined) {
          const listed = await store.get<SearchPage<ProductCard>>("/api/get-category-products", { ...query, slug: category });
          return searchAnswer(settings, store.origin, listed, listed.data);
        }
        const found = await store.get<SearchPage<ProductCard>>("/api/search-products", { ...query, q: text });
        // The store's search has no category filter: text and a category keep the page's matches in that category.
        const inCategory = category === undefined ? null : (await store.get<Category>("/api/get-category", { slug: category })).id;
        return searchAnswer(
          settings,
          store.origin,
          found,
          found.data.filter((card) => inCategory === null || card.category_id === inCategory),
        );
      }),
  );

  server.registerTool(
    "lookup_catalog",
    {
      title: "Look up products by id or handle",
      description: `Looks up to ${LOOKUP_MAX} products by id or handle at once, each as get_product answers it; ids not found are listed in \`messages\`.`,
      inputSchema: z.object({
        meta,
        catalog: z.object({ ids: z.array(productId).check(z.minLength(1), z.maxLength(LOOKUP_MAX)), context: branchContext }),
      }),
      annotations: READ_ONLY,
    },
    ({ catalog }) =>
      runTool(async () => {
        const settings = await store.settings();
        const found = await Promise.all(catalog.ids.map((id) => readProduct(store, id, catalog.context?.branch_id)));
        const messages: UcpMessage[] = catalog.ids.flatMap((id, at) =>
          found[at] ? [] : [{ type: "info" as const, code: "not_found", content: id }],
        );
        return toolAnswer({
          ucp: envelope("dev.ucp.shopping.catalog.lookup"),
          products: found.flatMap((product) => (product ? [productDetail(settings, store.origin, product)] : [])),
          ...(messages.length > 0 ? { messages } : {}),
        });
      }),
  );

  server.registerTool(
    "get_product",
    {
      title: "Get one product with its options",
      description:
        "One product with everything needed to add it to a cart: its single-choice options (each needs one value) and " +
        "the combinations they make (variants, each with its price at the branch), its add-on groups with the least " +
        "and most values to pick, what each add-on costs and which option values it needs, and its stock at the branch.",
      inputSchema: z.object({ meta, catalog: z.object({ id: productId, context: branchContext }) }),
      annotations: READ_ONLY,
    },
    ({ catalog }) =>
      runTool(async () => {
        const settings = await store.settings();
        const product = await store.get<ProductDetail>("/api/get-product", { slug: catalog.id, branch_id: catalog.context?.branch_id });
        return toolAnswer({ ucp: envelope("dev.ucp.shopping.catalog.lookup"), product: productDetail(settings, store.origin, product) });
      }),
  );

  server.registerTool(
    "list_categories",
    {
      title: "List the store's categories",
      description: "The store's categories in its order, each with the handle search_catalog's `filters.categories` takes.",
      inputSchema: z.object({ meta }),
      annotations: READ_ONLY,
    },
    () =>
      runTool(async () => {
        const index = await store.get<SitemapIndex>("/api/get-sitemap");
        const categories = await Promise.all(index.categories.map((slug) => store.get<Category>("/api/get-category", { slug })));
        return toolAnswer({
          categories: categories.map((c) => ({ id: c.slug, name: c.name, url: `${store.origin}/category/${c.slug}` })),
        });
      }),
  );

  server.registerTool(
    "list_branches",
    {
      title: "List the store's branches",
      description:
        "The store's branches: prices, stock and carts are per branch. With a position, nearest first, with the " +
        "distance and whether each delivers there. A closed branch takes no orders.",
      inputSchema: z.object({
        meta,
        position: z.optional(
          z.object({ latitude: z.number().check(z.gte(-90), z.lte(90)), longitude: z.number().check(z.gte(-180), z.lte(180)) }),
        ),
      }),
      annotations: READ_ONLY,
    },
    ({ position }) =>
      runTool(async () => {
        const query = position ? { latitude: position.latitude.toFixed(6), longitude: position.longitude.toFixed(6) } : {};
        const answer = await store.get<{ branches: BranchChoice[] }>("/api/get-branches", query);
        return toolAnswer({
          branches: answer.branches.map((b) => ({
            id: b.id,
            name: b.name,
            address: b.address,
            is_main_branch: b.is_main_branch,
            open_now: b.open_now,
            closed: b.closed,
            delivery: b.takes_delivery,
            pickup: b.takes_pickup,
            distance_km: b.distance_km,
            delivers_here: b.serves,
          })),
        });
      }),
  );
}

/** A product, or null when the store has none by that id or handle (any other refusal is the tool's). */
async function readProduct(store: StoreClient, id: string, branchId: number | undefined): Promise<ProductDetail | null> {
  try {
    return await store.get<ProductDetail>("/api/get-product", { slug: id, branch_id: branchId });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

function searchAnswer(settings: StoreSettings, origin: string, page: SearchPage<ProductCard>, cards: ProductCard[]) {
  const more = page.current_page < page.last_page;
  return toolAnswer({
    ucp: envelope("dev.ucp.shopping.catalog.search"),
    products: cards.map((card) => productSummary(settings, origin, card)),
    pagination: { ...(more ? { cursor: String(page.current_page + 1) } : {}), has_next_page: more, total_count: page.total },
  });
}
