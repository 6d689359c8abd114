import type { MessageId } from "../../../commerce/i18n/compiled/message-ids";
import type { InterfaceLanguage } from "../../../commerce/languages";
import type { Banner, Category } from "../../../worker/store-data/store-data";

/**
 * Placeholder content for a store that has no products yet (spec: 8 categories, 5 products). The lists are built by
 * calls marked pure, so the browser's home chunk, which imports the preview for the server's render only
 * (home-view.tsx), drops them. The samples are ours, not the store's: their names are message ids, said in the page's
 * language by the preview, and their pictures are drawn in each language (`previewImage`).
 */

/**
 * A sample's picture in `language`: the samples' words are drawn into them (scripts/generate-demo-images.ts draws a set
 * per shipped language), English's at the folder's top, each other language's in a folder of its own. The
 * pseudo-language (en-XA) shows English's. The languages are named here, not read from commerce/languages.ts: this
 * chunk loads after the page, and importing from there would keep its functions in every page's initial JavaScript.
 */
export function previewImage(path: string, language: InterfaceLanguage): string {
  return language === "en" || language === "en-XA" ? path : path.replace("/demo/preview/", `/demo/preview/${language}/`);
}

export const SAMPLE_BANNERS: Banner[] = /* @__PURE__ */ [1, 2, 3].map((n) => ({
  id: n,
  image: `/demo/preview/banner-${n}.svg`,
  link_type: "NO_LINK",
  data: {},
  href: null,
}));

const CATEGORY_NAMES = [
  "preview.sample_fresh_fruits",
  "preview.sample_vegetables",
  "preview.sample_bakery",
  "preview.sample_dairy",
  "preview.sample_beverages",
  "preview.sample_snacks",
  "preview.sample_household",
  "preview.sample_personal_care",
] as const satisfies MessageId[];

/** A sample category, named by a message id. */
export type SampleCategory = Omit<Category, "name"> & { name: (typeof CATEGORY_NAMES)[number] };

export const SAMPLE_CATEGORIES: SampleCategory[] = /* @__PURE__ */ CATEGORY_NAMES.map((name, i) => ({
  id: i + 1,
  name,
  slug: `sample-${i + 1}`,
  primary_image: `/demo/preview/category-${i + 1}.svg`,
  color: null,
}));

const PRODUCTS = [
  { name: "preview.sample_organic_bananas", price: 3.49, original_price: 4.99 },
  { name: "preview.sample_sourdough_loaf", price: 5.5, original_price: 6.5 },
  { name: "preview.sample_greek_yogurt", price: 2.99, original_price: 3.49 },
  { name: "preview.sample_cold_brew_coffee", price: 4.25, original_price: 5 },
  { name: "preview.sample_sea_salt_crisps", price: 1.99, original_price: 2.49 },
] as const satisfies { name: MessageId; price: number; original_price: number }[];

export interface SampleProduct {
  id: number;
  /** A message id. */
  name: (typeof PRODUCTS)[number]["name"];
  price: number;
  original_price: number;
  image: string;
  slug: string;
}

export const SAMPLE_PRODUCTS: SampleProduct[] = /* @__PURE__ */ PRODUCTS.map((p, i) => ({
  ...p,
  id: i + 1,
  image: `/demo/preview/product-${i + 1}.svg`,
  slug: `sample-product-${i + 1}`,
}));
