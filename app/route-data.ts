import type { adminLinks } from "../commerce/admin-origin";
import type { InterfaceLanguage } from "../commerce/languages";
import type { CurrencySettings } from "../commerce/money";
import type { PluginScript } from "../commerce/plugins";
import type { PincodeAnswer } from "../worker/api/geocoding";
import type { Page } from "../worker/catalog/list-products";
import type { ProductCard } from "../worker/catalog/product-card";
import type { ProductDetail } from "../worker/catalog/product-detail";
import type { DesignElement, NavLink } from "../worker/store-data/store-data";

/*
 * What the root's and the routes' loaders answer, declared once here: the loaders promise these types and the hooks
 * and components that read a route's data take them from here, so nothing below the routes imports a route module.
 */

/** The store's plugins as the root renders them (app/components/plugins/store-plugins.server.tsx). */
export interface StorePlugins {
  /** The cookie banner's HTML while the shopper has not answered it. */
  consentBanner: string | null;
  /** The WhatsApp link's HTML. */
  chatLink: string | null;
  /** The third-party plugins to load now: none while consent is asked for or was declined. */
  scripts: PluginScript[];
  /** Whether the page reports its speed (decision 084): as the plugins, only once the shopper accepted where asked. */
  pageSpeed: boolean;
}

/** The store as every page shows it: name, currency, theme, navigation. */
export interface StoreInfo {
  name: string;
  logo: string | null;
  isOpen: boolean;
  isDigital: boolean;
  currency: CurrencySettings;
  theme: Record<string, string>;
  favicons: { size: number; href: string }[];
  poweredByHtml: string | null;
  /** The store's content pages, listed in the footer (none when they could not be read: spec section 8). */
  pages: { slug: string; title: string }[];
  /** The page's language for screen readers and translation (WCAG 3.1.1); the store file's `language` setting. */
  language: string;
  /** Order times are shown in the store's zone (the `timeZone` setting, an IANA name), the same on server and client. */
  timeZone: string;
  locale: string;
  seo: { title: string; description: string; image: string | null };
  settings: Record<string, string>;
  topNav: NavLink[];
  bottomNav: NavLink[];
  /** Spec section 7: what the offline view's probe asks (decision 029). */
  connectivityProbeUrl: string;
}

/** What a catalogue page's Speculation Rules ask of Chromium (decision 069, app/lib/speculation-rules.ts). */
export type Speculation = "prerender" | "prefetch";

/** The root loader's answer (app/root.tsx): the store and who is shopping. */
export interface RootData {
  store: StoreInfo;
  /** Where the shopper is served from (commerce/branch-choice.ts): the nav's 'Change Location' names it. */
  branch: { id: number; name: string | null; chosen: boolean; unserviceable: boolean };
  /** The home reads the cart (decision 045); other pages carry the badge cookie's count. */
  cartBadge: CartBadge;
  signedIn: boolean;
  /** The Speculation Rules of a catalogue page (decision 069), or null for a shopper who asked to save data. */
  speculation: Speculation | null;
  /** The guest's own id, for the copy the browser keeps beside its cookie (decision 029); answers are private. */
  guestId: string | null;
  /** Which hearts are filled: the shopper's own, so never inside a catalogue answer (decision 028). */
  wishlist: number[];
  /** The shopper's consent decides which plugins load: shopper-dependent, as the cart badge is (decision 031). */
  plugins: StorePlugins;
  /** Store images through Cloudflare's resizing where the zone has it (decision 042); served as stored otherwise. */
  imageResizing: boolean;
  /** The page's language and the store's others, each at its address prefix (decision 078). */
  language: PageLanguages;
  /** "Page not found" in the page's language, for the `meta` of a page whose loader found nothing (hooks are not for `meta`). */
  pageNotFoundTitle: string;
}

/** The page's language (`tag` for `<html lang>`, `messages` the interface's catalogue) and every language of the store. */
export interface PageLanguages {
  tag: string;
  /** `<html dir>`: from the page's language (commerce/text-direction.ts), decided by the server, so the browser's bundle carries no table. */
  dir: "ltr" | "rtl";
  messages: InterfaceLanguage;
  /** The page's address prefix ("/de"; "" in the store's own language), its links' and rules' too. */
  prefix: string;
  /** The store's own language first (no prefix), then those it offers (`/de`), each named in itself. */
  versions: { tag: string; prefix: string; name: string }[];
}

/** The home's loader answer (app/routes/_index.tsx). */
export type HomeData =
  | { unserviceable: true }
  | {
      unserviceable: false;
      /** The preview home's admin links (a store without products, outside a frame); null: the store's own home. */
      preview: ReturnType<typeof adminLinks> | null;
      blocks: DesignElement[];
      productsPage: Page<ProductCard> | null;
    };

/** The product page's loader answer (app/routes/product.$slug.tsx), which the options drawer also fetches. */
export interface ProductPageData {
  product: ProductDetail;
  canonical: string;
  structuredData: Record<string, unknown>[];
  /** The shopper's branch by name when it does not sell the product ("" when it has none); null when it does. */
  unavailableAt: string | null;
  /** The answer to the shopper's "Check delivery" (?pincode=), when they asked. */
  pincodeCheck: PincodeCheck | null;
}

/** The nav badge: the number of items in the cart, or the message of a cart read that failed. */
export interface CartBadge {
  count: number;
  error: string | null;
}

/** The answer to a guest's "do you deliver here?" for the page to show: the API's answer, or why there is none. */
export type PincodeCheck = { ok: true; answer: PincodeAnswer } | { ok: false; pincode: string; message: string };
