import { offeredLanguagesOf, type ShippedLanguage } from "./languages";
import { type CurrencySettings, currencyFromSettings } from "./money";
import { enabledPlugins, PLUGIN_CODES, type PluginCode } from "./plugins";
import type { TaxMode } from "./pricing/types";
import { probeUrlFrom } from "./probe-url";
import { type ScratchCardRules, scratchCardRules } from "./scratch-cards";
import { type CheckoutSettings, checkoutSettingsFrom } from "./settings/checkout-settings";
import type { RawSettings } from "./settings/raw-settings";
import { type ReferralSettings, referralSettingsFrom } from "./settings/referral-settings";
import { type RewardSettings, rewardSettingsFrom } from "./settings/reward-settings";
import { FAVICON_SIZES } from "./settings/setting-rules";
import { lowStockThreshold } from "./stock";
import { themeColours, themeVariables } from "./store-theme";

/** The site setting holding a store's Razorpay key id (public; the secrets are in store_secrets). */
export const RAZORPAY_KEY_ID_SETTING = "razorpayKeyId";

/**
 * A store's settings, typed: the one reading of the site_settings strings, each one's meaning and default said here
 * (or in the group's module under commerce/settings/), parsed once per settings marker (worker/tenancy/tenant-settings.ts)
 * and carried on the tenant, so no code interprets the strings itself. What each key may hold is
 * commerce/settings/setting-rules.ts, the importer's check; docs/store-import.md lists them.
 */
export interface StoreSettings {
  /** `storeName`; default "Store". */
  name: string;
  /** `logo`, an image URL; absent: the name stands alone. */
  logo: string | null;
  /** `globalStoreEnable`: only "false" closes the store (the closed page instead of the shop). */
  isOpen: boolean;
  /** `agentsEnable`: only "false" turns the store's MCP server off (decision 089). */
  agents: boolean;
  /** `store_type` "digital": nothing is delivered, so no location is asked for. */
  isDigital: boolean;
  /** `locale`, `currencyCode`, `decimalPlaces`, `symbolPlacement` (commerce/money.ts): how amounts are shown. */
  currency: CurrencySettings;
  /** `language`, the page's language for screen readers and translation (WCAG 3.1.1); default "en". */
  language: string;
  /** `languages` (decision 078): the shipped languages the interface also speaks, each at its `/<code>/` prefix. */
  languages: ShippedLanguage[];
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
  /** `storeBgColor`, `storeTextOnBgColor`, `storeTextColor`, the stars' colour: the theme's CSS variables (decision 023). */
  theme: Record<string, string>;
  /** The plugins switched on (`plugin_<code>_enable`), and each one's own `plugin_<code>_*` settings, prefix dropped. */
  plugins: { enabled: PluginCode[]; config: Record<PluginCode, Record<string, string>> };
  /** `taxMode` (prices contain tax or tax is added; default exclusive) and `showDeliveryDistance`. */
  pricing: { taxMode: TaxMode; showDeliveryDistance: boolean };
  /** Payment methods, the cash-on-delivery limit, order numbers, the cancel and payment windows. */
  checkout: CheckoutSettings;
  /** What delivered orders earn and how much reward one order may use. */
  rewards: RewardSettings;
  /** What a referred customer's first delivered order gives both friends. */
  referrals: ReferralSettings;
  /** The scratch cards delivered orders earn; null: none. */
  scratchCards: ScratchCardRules | null;
  /** `lowStockThreshold`: units left at or below which a counted product shows "Only a few left" (decision 053). */
  lowStockThreshold: number;
  /** `razorpayKeyId`, public; the secrets are sealed apart (store_secrets). Null: no Razorpay. */
  razorpayKeyId: string | null;
}

/** `plugin_tawk_to_property_id` → `property_id`, for the plugin `tawk_to`; the toggle itself is not config. */
function pluginConfig(raw: RawSettings, code: PluginCode): Record<string, string> {
  const prefix = `plugin_${code}_`;
  return Object.fromEntries(
    Object.entries(raw)
      .filter((entry): entry is [string, string] => entry[0].startsWith(prefix) && entry[0] !== `${prefix}enable` && entry[1] !== undefined)
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

export function storeSettings(raw: RawSettings): StoreSettings {
  const currency = currencyFromSettings(raw);
  return {
    name: raw.storeName ?? "Store",
    logo: raw.logo ?? null,
    isOpen: raw.globalStoreEnable !== "false",
    agents: raw.agentsEnable !== "false",
    isDigital: raw.store_type === "digital",
    currency,
    language: raw.language || "en",
    languages: offeredLanguagesOf(raw.languages, raw.language || "en"),
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
    theme: themeVariables(themeColours(raw)),
    plugins: {
      enabled: enabledPlugins(raw),
      config: Object.fromEntries(PLUGIN_CODES.map((code) => [code, pluginConfig(raw, code)])) as Record<PluginCode, Record<string, string>>,
    },
    pricing: {
      taxMode: raw.taxMode === "inclusive" ? "inclusive" : "exclusive",
      showDeliveryDistance: raw.showDeliveryDistance === "true",
    },
    checkout: checkoutSettingsFrom(raw, currency.decimalPlaces),
    rewards: rewardSettingsFrom(raw, currency.decimalPlaces),
    referrals: referralSettingsFrom(raw, currency.decimalPlaces),
    scratchCards: scratchCardRules(raw),
    lowStockThreshold: lowStockThreshold(raw.lowStockThreshold),
    razorpayKeyId: raw[RAZORPAY_KEY_ID_SETTING] || null,
  };
}
