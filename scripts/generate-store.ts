/**
 * tsx scripts/generate-store.ts --products 100000 --slug bench-100k --host bench-100k.localhost --out .bench/stores/bench-100k.json
 *   [--seed 1] [--name "Bench Store"] [--plain]
 *
 * Writes a synthetic store import file (docs/store-import.md) for load tests: a home-and-living shop with 20 categories,
 * names from a small vocabulary, a tenth of the products with options, some reviews. The output depends only on the
 * arguments (seeded PRNG, no clock), and product i is the same in every file made with the same seed, so a 1k store is
 * the first thousand products of the 100k one. The vocabulary is chosen so that BENCH_SEARCH matches a known share of
 * the products (docs/benchmark.md explains the choice). --plain leaves every product plain (no options, description or
 * reviews, one image), so 60,000 of them fit the store API's 16 MiB body (the catalogue replace of docs/benchmark.md,
 * "One database and many"); product i is otherwise the same as without it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import type * as z from "zod/mini";
import { checkReferences } from "../worker/store-import/check-references";
import { formatIssue } from "../worker/store-import/import-store";
import { storeFileSchema } from "../worker/store-import/store-file-schema";

type StoreInput = z.input<typeof storeFileSchema>;
type ProductInput = NonNullable<StoreInput["products"]>[number];
type ReviewInput = NonNullable<StoreInput["reviews"]>[number];

/** Four nouns per category, so a category holds 1/20 of the products and each noun about 1/80. */
const CATEGORIES: { name: string; nouns: string[] }[] = [
  { name: "Lighting", nouns: ["Lamp", "Lantern", "Sconce", "Pendant"] },
  { name: "Seating", nouns: ["Chair", "Stool", "Bench", "Armchair"] },
  { name: "Tables", nouns: ["Table", "Desk", "Console", "Nightstand"] },
  { name: "Storage", nouns: ["Shelf", "Cabinet", "Basket", "Crate"] },
  { name: "Bedding", nouns: ["Duvet", "Pillow", "Blanket", "Quilt"] },
  { name: "Kitchen", nouns: ["Kettle", "Skillet", "Colander", "Grinder"] },
  { name: "Tableware", nouns: ["Bowl", "Plate", "Mug", "Platter"] },
  { name: "Bath", nouns: ["Towel", "Robe", "Caddy", "Bathmat"] },
  { name: "Decor", nouns: ["Vase", "Mirror", "Clock", "Frame"] },
  { name: "Rugs", nouns: ["Rug", "Runner", "Doormat", "Kilim"] },
  { name: "Garden", nouns: ["Planter", "Trowel", "Birdhouse", "Trellis"] },
  { name: "Outdoor", nouns: ["Hammock", "Parasol", "Firepit", "Cooler"] },
  { name: "Office", nouns: ["Organiser", "Filer", "Bookend", "Whiteboard"] },
  { name: "Kids", nouns: ["Puzzle", "Rocker", "Tipi", "Stacker"] },
  { name: "Pets", nouns: ["Leash", "Feeder", "Kennel", "Scratcher"] },
  { name: "Travel", nouns: ["Duffel", "Backpack", "Suitcase", "Wallet"] },
  { name: "Fitness", nouns: ["Dumbbell", "Kettlebell", "Jumprope", "Roller"] },
  { name: "Audio", nouns: ["Speaker", "Headphones", "Turntable", "Radio"] },
  { name: "Stationery", nouns: ["Notebook", "Journal", "Pen", "Pencil"] },
  { name: "Gifts", nouns: ["Hamper", "Candle", "Giftbox", "Ornament"] },
];
/**
 * Eight of each. The 64 adjective + material pairs are dealt like a shuffled deck, one deck per 64 products, so a given
 * pair names 1/64 of the products in every store size (15 or 16 at 1k, 1562 or 1563 at 100k), not just on average.
 */
const ADJECTIVES = ["Rustic", "Modern", "Classic", "Compact", "Vintage", "Nordic", "Deluxe", "Coastal"];
const MATERIALS = ["Oak", "Walnut", "Bamboo", "Linen", "Ceramic", "Brass", "Stone", "Wool"];
/** The filterable attributes: the material of the name (1/8 each) and a colour by id (1/4 each). */
const COLOURS = ["Natural", "Black", "White", "Grey"];
/** The filtered listing the bench times: about 1/8 × 1/2 of the category (material, and price up to 250). */
export const BENCH_FILTER = "filter=material%3AOak&max_price=250";
/** What the bench types into the search box: the start of the searched adjective (1/8 of the products). */
export const BENCH_PREDICTIVE = "rust";
/** Descriptions use their own words, none of which starts with a name word, so search hits come from names only. */
const DESCRIPTION = {
  opening: ["Designed for", "Made for", "Built for", "Perfect for", "A favourite for"],
  use: ["everyday use", "small spaces", "family homes", "weekend cabins", "busy mornings", "city flats", "gifting", "long evenings"],
  feature: [
    "Finished by hand",
    "Easy to clean",
    "Ships flat-packed",
    "Backed by a two-year warranty",
    "Sustainably sourced",
    "Tested for durability",
    "Assembled in minutes",
    "Lightweight yet sturdy",
  ],
  care: ["Wipe with a damp cloth.", "Keep away from direct heat.", "Store in a dry place.", "Machine washable at 30 °C.", ""],
};
const REVIEW_BODIES = ["Exactly as described.", "Good quality for the price.", "Arrived quickly, well packed.", "Does the job.", ""];
const REVIEW_AUTHORS = ["Alex P.", "Sam R.", "Jordan K.", "Priya S.", "Chris M.", "Lena B.", "Omar H.", "Mia T."];
const IMAGES = [1, 2, 3, 4, 5].map((n) => `/demo/preview/product-${n}.svg`);

/** The search the bench runs against every generated store: an adjective + material pair, 1/64 ≈ 1.6 % of products. */
export const BENCH_SEARCH = "rustic oak";
/** The category the bench lists: the first one, about 1/20 of the products. */
export const BENCH_CATEGORY_SLUG = slugify(CATEGORIES[0]!.name);

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  products: number;
  slug: string;
  hostnames: string[];
  seed?: number;
  storeName?: string;
  /**
   * Every product plain: no options, no description, one image, and no reviews. The generator draws as it does without
   * it, so product i keeps its name, category and prices.
   */
  plain?: boolean;
}

export function generateStore(options: GenerateOptions): StoreInput {
  const random = prng(options.seed ?? 1);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;

  const categories = CATEGORIES.map((c, i) => ({
    id: i + 1,
    name: c.name,
    slug: slugify(c.name),
    primary_image: `/demo/preview/category-${(i % 8) + 1}.svg`,
    color: `#${(((i * 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, "0")}`,
  }));

  let nextOptionId = 1; // attribute, value, variant and add-on ids share one store-wide counter
  const optionId = () => nextOptionId++;
  let nextReviewId = 1;
  const reviews: ReviewInput[] = [];
  const reviewEpoch = Date.UTC(2025, 0, 1);

  const pairs = ADJECTIVES.flatMap((adjective) => MATERIALS.map((material) => `${adjective} ${material}`));
  const deck: string[] = [];
  const dealPair = () => {
    if (deck.length === 0) {
      deck.push(...pairs);
      for (let i = deck.length - 1; i > 0; i--) {
        const j = int(0, i);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
    }
    return deck.pop()!;
  };

  const products: ProductInput[] = [];
  for (let id = 1; id <= options.products; id++) {
    const c = int(0, CATEGORIES.length - 1);
    const name = `${dealPair()} ${pick(CATEGORIES[c]!.nouns)} ${id}`;
    const cents = int(5, 500) * 100 - pick([0, 1, 5, 51]); // 4.99, 12.00, 129.49 …
    // Filter values follow from the name and the id, drawing nothing from the generator, so the rest stays as it was.
    const material = MATERIALS.find((m) => name.includes(` ${m} `))!;
    const product: ProductInput = {
      id,
      name,
      slug: slugify(name),
      category_id: c + 1,
      description: `${pick(DESCRIPTION.opening)} ${pick(DESCRIPTION.use)}. ${pick(DESCRIPTION.feature)}. ${pick(DESCRIPTION.care)}`.trim(),
      images: [pick(IMAGES), ...(chance(0.3) ? [pick(IMAGES)] : [])],
      selling_price: cents / 100,
      original_price: chance(0.2) ? Math.round(cents * (1.1 + random() * 0.4)) / 100 : null,
      filter_values: { material, colour: COLOURS[id % COLOURS.length]! },
    };

    if (chance(0.1)) {
      // Size × Finish, with one combination left out now and then, and sometimes add-ons priced per variant.
      const sizes = ["Small", "Medium", "Large"].slice(0, int(2, 3)).map((value) => ({ id: optionId(), value }));
      const finishes = ["Natural", "Black", "White"].slice(0, int(1, 3)).map((value) => ({ id: optionId(), value }));
      product.attributes = [
        { id: optionId(), name: "Size", values: sizes },
        { id: optionId(), name: "Finish", values: finishes },
      ];
      const variants: { ids: number[]; price: number; variant_id: number }[] = [];
      sizes.forEach((size, s) => {
        for (const finish of finishes) {
          if (variants.length > 0 && chance(0.1)) continue;
          variants.push({ ids: [size.id, finish.id], price: (cents + s * 500) / 100, variant_id: optionId() });
        }
      });
      product.combinations = variants;
      if (chance(0.5)) {
        product.multi_selectable_attributes = [
          {
            id: optionId(),
            name: "Extras",
            min_select: 0,
            max_select: chance(0.5) ? 1 : null,
            values: [
              { id: optionId(), value: "Gift wrap", price: 4.5 },
              {
                id: optionId(),
                value: "Extended warranty",
                price: 9,
                variant_prices: variants.slice(0, 2).map((v) => ({ variant_id: v.variant_id, price: 12 })),
              },
              { id: optionId(), value: "Assembly kit", price: 6, dependencies: [sizes.at(-1)!.id] },
            ],
          },
        ];
      }
    }
    products.push(options.plain ? plainProduct(product) : product);

    // A few reviews: about one product in twenty has one to three.
    if (chance(0.05)) {
      for (let r = int(1, 3); r > 0; r--) {
        const review: ReviewInput = {
          id: nextReviewId++,
          product_id: id,
          rating: int(2, 5),
          author: pick(REVIEW_AUTHORS),
          body: pick(REVIEW_BODIES),
          created_at: new Date(reviewEpoch + int(0, 364) * 86_400_000 + int(0, 86_399) * 1000).toISOString(),
        };
        if (!options.plain) reviews.push(review);
      }
    }
  }

  const storeName = options.storeName ?? `Bench Living (${options.products} products)`;
  return {
    slug: options.slug,
    hostnames: options.hostnames,
    settings: {
      storeName,
      globalStoreEnable: "true",
      store_type: "retail",
      storeBgColor: "#1d4ed8",
      storeTextOnBgColor: "#ffffff",
      storeTextColor: "#111827",
      plugin_product_reviews_star_color: "#f59e0b",
      currencyCode: "USD",
      locale: "en-US",
      decimalPlaces: "2",
      symbolPlacement: "before",
      logo: "/demo/retail/logo.svg",
      favicon_32: "/demo/retail/favicon-32.svg",
      og_image: "/demo/retail/og-image.svg",
      seo_meta_title: `${storeName} | Furniture and home goods`,
      seo_meta_description: "A generated store for load tests.",
      seoProductTitleSuffix: ` | ${storeName}`,
      seoCategoryTitleSuffix: ` | ${storeName}`,
      plugin_whatsapp_enable: "false",
      plugin_google_analytics_enable: "false",
      plugin_wheel_of_popups_enable: "false",
      plugin_nudgify_enable: "false",
      plugin_intercom_enable: "false",
      plugin_tawk_to_enable: "false",
      plugin_cookie_consent_enable: "false",
    },
    branches: [
      { id: 1, name: `${storeName} warehouse`, address: "1 Bench Road, Testville", latitude: 52.52, longitude: 13.405, is_main_branch: 1 },
    ],
    categories,
    banners: [
      { id: 1, image: "/demo/preview/banner-1.svg", link_type: "CATEGORY", data: { category_id: 1 } },
      { id: 2, image: "/demo/preview/banner-2.svg", link_type: "NO_LINK", data: {} },
    ],
    products,
    filters: [
      { key: "material", label: "Material", values: MATERIALS },
      { key: "colour", label: "Colour", values: COLOURS },
    ],
    reviews,
    layout: [
      {
        type: "designElement",
        code: "top_nav",
        data: {
          links: [{ label: "Shop", url: "/" }, ...categories.slice(0, 4).map((c) => ({ label: c.name, url: `/category/${c.slug}` }))],
        },
      },
      { type: "designElement", code: "banner_slider", data: { banner_ids: [1, 2] } },
      { type: "designElement", code: "search_block", data: { placeholder: "Search lamps, rugs, mugs…" } },
      { type: "designElement", code: "categories_grid", data: { title: "Shop by category" } },
      { type: "designElement", code: "products_infinite_scroll", data: { title: "Everything", per_page: 12 } },
    ],
    pages: [{ id: 1, slug: "about-us", title: "About us", content: "<p>A generated store for load tests.</p>" }],
  };
}

/** The product without what --plain leaves out. */
function plainProduct({ attributes, combinations, multi_selectable_attributes, description, images, ...rest }: ProductInput): ProductInput {
  return { ...rest, images: images?.slice(0, 1) };
}

/**
 * How many products a search finds when every query word must appear in the name or description, as a whole word or
 * as the start of one. Throws if the two readings differ: the vocabulary is meant to make them agree, so the count
 * holds whether or not the search matches prefixes.
 */
export function countMatches(store: StoreInput, query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let whole = 0;
  let prefix = 0;
  for (const p of store.products ?? []) {
    const tokens = `${p.name} ${p.description ?? ""}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    if (words.every((w) => tokens.includes(w))) whole++;
    if (words.every((w) => tokens.some((t) => t.startsWith(w)))) prefix++;
  }
  if (whole !== prefix) throw new Error(`"${query}" matches ${whole} products as whole words but ${prefix} as prefixes`);
  return whole;
}

function parseArgs(argv: string[]): GenerateOptions & { out: string } {
  const hostnames: string[] = [];
  let products = Number.NaN;
  let slug: string | undefined;
  let out: string | undefined;
  let seed = 1;
  let storeName: string | undefined;
  let plain = false;
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    switch (argv[i]) {
      case "--plain":
        plain = true;
        continue;
      case "--products":
        products = Number(value);
        break;
      case "--slug":
        slug = value;
        break;
      case "--host":
        hostnames.push(value ?? "");
        break;
      case "--out":
        out = value;
        break;
      case "--seed":
        seed = Number(value);
        break;
      case "--name":
        storeName = value;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
    i++;
  }
  if (!Number.isInteger(products) || products < 0 || !slug || hostnames.length === 0 || !out || !Number.isInteger(seed)) {
    throw new Error(
      "Usage: tsx scripts/generate-store.ts --products N --slug SLUG --host HOST [--host HOST …] --out FILE [--seed N] [--name NAME] [--plain]",
    );
  }
  return { products, slug, hostnames, out, seed, storeName, plain };
}

function main(): void {
  const { out, ...options } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const store = generateStore(options);
  // The importer would refuse a bad file anyway; failing here names the generator as the culprit.
  const parsed = storeFileSchema.safeParse(store);
  const issues = parsed.success ? checkReferences(parsed.data).map(formatIssue) : parsed.error.issues.map((i) => i.message);
  if (issues.length > 0) throw new Error(`the generated store is not a valid import file:\n  ${issues.slice(0, 20).join("\n  ")}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(store));
  const matches = countMatches(store, BENCH_SEARCH);
  const category = store.products?.filter((p) => p.category_id === 1).length ?? 0;
  process.stderr.write(
    `Wrote ${out}: ${options.products} products, ${store.reviews?.length} reviews, ` +
      `category "${BENCH_CATEGORY_SLUG}" has ${category}, "${BENCH_SEARCH}" matches ${matches} ` +
      `(${Math.round(performance.now() - started)} ms)\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
