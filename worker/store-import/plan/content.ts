import { sanitizeHtml } from "../../html/sanitize-html";
import type { StoreFile } from "../store-file-schema";
import type { ImportStep } from "./rows";

/** What the store shows besides its catalogue: the home's layout blocks, the banners they show, and the pages. */
export const contentRows: ImportStep = ({ store, tenantId: t }) => [
  {
    table: "banners",
    columns: ["tenant_id", "id", "image", "link_type", "data_json"],
    rows: store.banners.map((b) => [t, b.id, b.image, b.link_type, JSON.stringify({ ...b.data, alt: bannerAlt(store, b) })]),
  },
  {
    table: "layout_elements",
    columns: ["tenant_id", "id", "type", "code", "data_json", "settings_json", "position", "unique_id"],
    rows: store.layout.map((element, i) => {
      const data =
        element.code === "custom_html_block" && typeof element.data.html === "string"
          ? { ...element.data, html: sanitizeHtml(element.data.html) }
          : element.data;
      return [t, i + 1, element.type, element.code, JSON.stringify(data), JSON.stringify(element.settings), i, element.uniqueId ?? null];
    }),
  },
  {
    table: "pages",
    columns: ["tenant_id", "id", "slug", "title", "content_html", "position"],
    rows: store.pages.map((p, i) => [t, p.id, p.slug, p.title, sanitizeHtml(p.content), i]),
  },
];

/**
 * A banner's text alternative, which is also its link's name: the store file's alt, else the name of the product or
 * category it leads to; empty (decorative) for a picture that leads nowhere.
 */
function bannerAlt(store: StoreFile, banner: StoreFile["banners"][number]): string {
  if (banner.alt) return banner.alt;
  if (banner.link_type === "PRODUCT") return store.products.find((p) => p.id === banner.data.product_id)?.name ?? "";
  if (banner.link_type === "CATEGORY") return store.categories.find((c) => c.id === banner.data.category_id)?.name ?? "";
  return "";
}
