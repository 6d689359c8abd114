import type { ProductCard } from "../catalog/product-card";

/** What `GET /api/get-data` answers: the store's layout, settings and branches. */
export interface StoreData {
  layout: LayoutElement[];
  settings: Record<string, string>;
  branches: Branch[];
}

export interface Branch {
  id: number;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  is_main_branch: 0 | 1;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  primary_image: string | null;
  color: string | null;
}

export interface Banner {
  id: number;
  image: string;
  link_type: "PRODUCT" | "CATEGORY" | "NO_LINK" | "CUSTOM";
  data: { custom_url?: string; product_id?: number; category_id?: number; alt?: string };
  /** Where the banner leads on this site, resolved from link_type; null for NO_LINK. */
  href: string | null;
}

export interface NavLink {
  label: string;
  url: string;
}

/**
 * A layout element with the data its block shows already resolved (banners, categories, products), so a
 * page renders the home from one cached snapshot.
 */
export type LayoutElement = DesignElement | PluginElement;

interface ElementBase {
  id: number;
  position: number;
  settings: Record<string, unknown>;
  uniqueId: string | null;
}

export type DesignElement = ElementBase & { type: "designElement" } & BlockData;
export type PluginElement = ElementBase & { type: "plugin"; code: string; data: Record<string, unknown> };

export type BlockData =
  | { code: "top_nav" | "bottom_nav"; data: { links: NavLink[] } }
  | { code: "banner_slider" | "slider_centered" | "static_banner"; data: { title?: string; banners: Banner[] } }
  | { code: "search_block"; data: { placeholder?: string } }
  | { code: "categories_grid" | "categories_horizontal_strip"; data: { title?: string; categories: Category[] } }
  | { code: "products_display" | "product_horizontal_strip"; data: { title?: string; products: ProductCard[] } }
  | { code: "custom_html_block"; data: { html: string } }
  | { code: "products_infinite_scroll"; data: { title?: string; per_page: number } };
