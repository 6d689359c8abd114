import { type CurrencySettings, currencyFromSettings } from "./money";
import { probeUrlFrom } from "./probe-url";

/** A store's settings as the site_settings table keeps them: strings by key, a key the store does not set absent. */
export type RawSettings = Readonly<Record<string, string | undefined>>;

/** The favicon sizes a store may set (`favicon_<size>`), largest first. */
export const FAVICON_SIZES = [512, 192, 144, 128, 96, 48, 36, 32, 16] as const;

/**
 * The store's settings that shape every page, typed: each one's meaning and default is said here once, and the pages
 * read these rather than interpret the strings (docs/store-import.md lists the keys; the importer checks them).
 */
export interface StoreSettings {
  /** `storeName`; default "Store". */
  name: string;
  /** `logo`, an image URL; absent: the name stands alone. */
  logo: string | null;
  /** `globalStoreEnable`: only "false" closes the store (the closed page instead of the shop). */
  isOpen: boolean;
  /** `store_type` "digital": nothing is delivered, so no location is asked for. */
  isDigital: boolean;
  /** `locale`, `currencyCode`, `decimalPlaces`, `symbolPlacement` (commerce/money.ts): how amounts are shown. */
  currency: CurrencySettings;
  /** `language`, the page's language for screen readers and translation (WCAG 3.1.1); default "en". */
  language: string;
  /** `timeZone`, an IANA name: order times are shown in the store's zone, the same on server and client; default UTC. */
  timeZone: string;
  /** `locale`, for dates and times; default en-US. */
  locale: string;
  /** `seo_meta_title` (else the name), `seo_meta_description`, `og_image`. */
  seo: { title: string; description: string; image: string | null };
  /** Every `seo*` setting as written: the prefixes and suffixes by page kind (app/lib/seo.ts). */
  seoAffixes: Record<string, string>;
  /** `favicon_<size>` images, largest first. */
  favicons: { size: number; href: string }[];
  /** `powered_by_zepio`, HTML the importer sanitised; absent: no footer. */
  poweredByHtml: string | null;
  /** `connectivityProbeUrl` (commerce/probe-url.ts): what the offline view's probe asks; default /healthz. */
  connectivityProbeUrl: string;
  /** `addedProduct`, set by the importer once the store has a product: until then the home is the preview. */
  addedProduct: boolean;
  /** `adminOrigin` (decision 044): the owner's admin, which alone may frame the store's pages. */
  adminOrigin: string | undefined;
}

export function storeSettings(raw: RawSettings): StoreSettings {
  return {
    name: raw.storeName ?? "Store",
    logo: raw.logo ?? null,
    isOpen: raw.globalStoreEnable !== "false",
    isDigital: raw.store_type === "digital",
    currency: currencyFromSettings(raw),
    language: raw.language || "en",
    timeZone: raw.timeZone || "UTC",
    locale: raw.locale || "en-US",
    seo: {
      title: raw.seo_meta_title || raw.storeName || "Store",
      description: raw.seo_meta_description ?? "",
      image: raw.og_image ?? null,
    },
    seoAffixes: Object.fromEntries(
      Object.entries(raw).filter((entry): entry is [string, string] => entry[0].startsWith("seo") && entry[1] !== undefined),
    ),
    favicons: FAVICON_SIZES.flatMap((size) => {
      const href = raw[`favicon_${size}`];
      return href ? [{ size, href }] : [];
    }),
    poweredByHtml: raw.powered_by_zepio ?? null,
    connectivityProbeUrl: probeUrlFrom(raw.connectivityProbeUrl),
    addedProduct: raw.addedProduct === "true",
    adminOrigin: raw.adminOrigin,
  };
}
