import type { Banner, Category } from "../../../worker/store-data/store-data";

/**
 * Placeholder content for a store that has no products yet (spec: 8 categories, 5 products). The lists are built by
 * calls marked pure, so the browser's home chunk, which imports the preview for the server's render only
 * (home-view.tsx), drops them.
 */

export const SAMPLE_BANNERS: Banner[] = /* @__PURE__ */ [1, 2, 3].map((n) => ({
  id: n,
  image: `/demo/preview/banner-${n}.svg`,
  link_type: "NO_LINK",
  data: {},
  href: null,
}));

const CATEGORY_NAMES = ["Fresh Fruits", "Vegetables", "Bakery", "Dairy", "Beverages", "Snacks", "Household", "Personal Care"];

export const SAMPLE_CATEGORIES: Category[] = /* @__PURE__ */ CATEGORY_NAMES.map((name, i) => ({
  id: i + 1,
  name,
  slug: `sample-${i + 1}`,
  primary_image: `/demo/preview/category-${i + 1}.svg`,
  color: null,
}));

export interface SampleProduct {
  id: number;
  name: string;
  price: number;
  original_price: number;
  image: string;
  slug: string;
}

export const SAMPLE_PRODUCTS: SampleProduct[] = /* @__PURE__ */ [
  { name: "Organic Bananas", price: 3.49, original_price: 4.99 },
  { name: "Sourdough Loaf", price: 5.5, original_price: 6.5 },
  { name: "Greek Yogurt", price: 2.99, original_price: 3.49 },
  { name: "Cold Brew Coffee", price: 4.25, original_price: 5 },
  { name: "Sea Salt Crisps", price: 1.99, original_price: 2.49 },
].map((p, i) => ({ ...p, id: i + 1, image: `/demo/preview/product-${i + 1}.svg`, slug: `sample-product-${i + 1}` }));
