import { isAdminOrigin } from "../admin-origin";
import { isTimeZone } from "../date-format";
import { SHIPPED_LANGUAGES } from "../languages";
import { enabledPlugins, REQUIRED_PLUGIN_SETTINGS, toggleKey } from "../plugins";
import { isProbeUrl } from "../probe-url";
import * as z from "../zod";

/**
 * What each store setting may hold: the importer's check of a store file's `settings` (docs/store-import.md), and the
 * meaning `commerce/store-settings.ts` gives each key when it reads them back. Values are strings, as stored.
 */

/** The favicon sizes a store may set (`favicon_<size>`), largest first. */
export const FAVICON_SIZES = [512, 192, 144, 128, 96, 48, 36, 32, 16] as const;

export const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** An image or link: a path on this site or an https URL (http only for local development hosts). */
export const url = z.string().check(
  z.maxLength(2000),
  z.refine(
    (value) => /^\/(?!\/)/.test(value) || /^https:\/\//.test(value) || /^http:\/\/[a-z0-9.-]*localhost(:\d+)?\//.test(value),
    "must be a path starting with / or an https:// URL",
  ),
);

export const booleanString = z.enum(["true", "false"]);

/** Text a plugin shows or sends as it is (a chat greeting, the cookie banner): never markup or a script link. */
const plainText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !/[<>]/.test(value) && !/javascript\s*:/i.test(value), "must be plain text: no HTML, script or javascript: link"),
  );

/** Each plugin's own settings (commerce/plugins.ts names which are required); ids are checked as the vendor writes them. */
const pluginSettings = {
  plugin_whatsapp_phone: z
    .string()
    .check(z.regex(/^\+?[1-9]\d{7,14}$/, "must be a phone number in international form, digits only, such as +919876543210")),
  plugin_whatsapp_text: plainText(500),
  plugin_google_analytics_id: z
    .string()
    .check(z.regex(/^G-[A-Z0-9]{4,16}$/, "must be a Google Analytics measurement id such as G-AB12CD34EF")),
  plugin_wheel_of_popups_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{4,64}$/, "must be a Wheel of Popups id: letters, digits, - or _")),
  plugin_nudgify_site_id: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, "must be a Nudgify site id: letters, digits or -")),
  plugin_intercom_app_id: z.string().check(z.regex(/^[a-z0-9]{6,16}$/, "must be an Intercom app id: lowercase letters and digits")),
  plugin_tawk_to_property_id: z.string().check(z.regex(/^[a-f0-9]{24}$/, "must be a Tawk.to property id: 24 hexadecimal digits")),
  plugin_tawk_to_widget_id: z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/, "must be a Tawk.to widget id: letters and digits")),
  plugin_cookie_consent_text: plainText(500),
  plugin_cookie_consent_policy_url: url,
};

/** Settings with a known meaning are checked; other keys (seo_*, plugin options) are kept as strings. */
const knownSettings = {
  storeName: text(120),
  globalStoreEnable: booleanString,
  agentsEnable: booleanString,
  storeBgColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")),
  storeTextOnBgColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")),
  storeTextColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")),
  plugin_product_reviews_star_color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c")),
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 code")),
  decimalPlaces: z.enum(["0", "1", "2", "3", "4"]),
  symbolPlacement: z.enum(["before", "after"]),
  locale: z.string().check(
    z.refine((value) => {
      try {
        return Intl.NumberFormat.supportedLocalesOf([value]).length === 1;
      } catch {
        return false;
      }
    }, "must be a supported locale such as en-US"),
  ),
  /**
   * The language the store's text is written in (BCP 47, e.g. "en", "de"), for <html lang>; absent: "en". Not `locale`,
   * which formats prices: an English store may price in euros the German way.
   */
  language: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language tag such as en or en-GB")),
  /**
   * The shipped languages (commerce/languages.ts) the store's interface also speaks, comma-separated ("en,hi"), each at
   * its own address prefix (`/hi/…`, decision 078); absent: only the store's own `language`.
   */
  languages: z
    .string()
    .check(
      z.refine(
        (value) => value.split(",").every((code) => (SHIPPED_LANGUAGES as readonly string[]).includes(code.trim())),
        `must be languages the storefront is shipped in, comma-separated: ${SHIPPED_LANGUAGES.join(", ")}`,
      ),
    ),
  store_type: z.enum(["food", "retail", "digital"]),
  logo: url,
  og_image: url,
  plugin_whatsapp_enable: booleanString,
  plugin_google_analytics_enable: booleanString,
  plugin_wheel_of_popups_enable: booleanString,
  plugin_nudgify_enable: booleanString,
  plugin_intercom_enable: booleanString,
  plugin_tawk_to_enable: booleanString,
  plugin_cookie_consent_enable: booleanString,
  ...pluginSettings,
  /** What the offline view's probe asks (commerce/probe-url.ts); absent: the Worker's own /healthz. */
  connectivityProbeUrl: z.string().check(z.refine(isProbeUrl, "must be a path on this site starting with / or an https:// URL")),
  /** Whether product prices contain tax (GST-style menus) or tax is added at checkout; absent: exclusive. */
  taxMode: z.enum(["inclusive", "exclusive"]),
  /** Show the shopper the distance from the branch to the delivery location. */
  showDeliveryDistance: booleanString,
  /** The zone order times are shown in (an IANA name such as Asia/Kolkata); absent: UTC. */
  timeZone: z.string().check(z.refine(isTimeZone, "must be a time zone such as Asia/Kolkata")),
  /** Units left at or below which a counted product shows "Only a few left" (commerce/stock.ts); absent: 5. */
  lowStockThreshold: z.string().check(z.regex(/^\d{1,5}$/, "must be a whole number of units such as 5")),
  // Checkout (commerce/settings/checkout-settings.ts).
  paymentMethods: z.string().check(z.regex(/^(cod|online)(,(cod|online))?$/, "must be cod, online, or cod,online")),
  codMaxAmount: z.string().check(z.regex(/^\d{1,9}(\.\d{1,4})?$/, "must be an amount such as 2000")),
  orderPrefix: z.string().check(z.regex(/^[A-Za-z0-9#-]{0,12}$/, "must be up to 12 letters, digits, # or -")),
  cancelWindowMinutes: z.string().check(z.regex(/^\d{1,5}$/, "must be a number of minutes")),
  paymentWindowMinutes: z.string().check(z.regex(/^\d{1,5}$/, "must be a number of minutes")),
  // Wallet rewards (commerce/settings/reward-settings.ts).
  rewardMaxPerOrder: z.string().check(z.regex(/^\d{1,9}(\.\d{1,4})?$/, "must be an amount such as 50")),
  rewardPercent: z.string().check(z.regex(/^\d{1,2}(\.\d{1,2})?$|^100$/, "must be a percentage such as 5 or 2.5")),
  rewardExpiryDays: z.string().check(z.regex(/^\d{1,4}$/, "must be a number of days")),
  // Scratch cards (commerce/scratch-cards.ts): whole amounts in major units, a card's days to scratch, its wallet.
  scratchCardsEnabled: booleanString,
  scratchCardMin: z.string().check(z.regex(/^[1-9]\d{0,8}$/, "must be a whole amount such as 10")),
  scratchCardMax: z.string().check(z.regex(/^[1-9]\d{0,8}$/, "must be a whole amount such as 50")),
  scratchCardExpiryDays: z.string().check(z.regex(/^[1-9]\d{0,3}$/, "must be a number of days")),
  scratchCardWallet: z.enum(["cash", "reward"]),
  // Referrals (commerce/settings/referral-settings.ts): rewards in major units, and the wallet they go to.
  referralRefereeReward: z.string().check(z.regex(/^\d{1,9}(\.\d{1,4})?$/, "must be an amount such as 100")),
  referralReferrerReward: z.string().check(z.regex(/^\d{1,9}(\.\d{1,4})?$/, "must be an amount such as 150")),
  referralWallet: z.enum(["cash", "reward"]),
  /**
   * The store's Razorpay key id (public: the browser's checkout opens with it). Its secrets are not settings: they are
   * sealed in store_secrets by `npm run store:razorpay` (README: Card payments).
   */
  /**
   * The store owner's admin origin (decision 044): the only other origin that may frame the store's pages (its preview),
   * and where the preview home's 'Add Product' and 'Customize theme' lead. Absent: those buttons are gone.
   */
  adminOrigin: z.string().check(z.refine(isAdminOrigin, "must be an origin such as https://admin.example.com (no path)")),
  razorpayKeyId: z.string().check(z.regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, "must be a Razorpay key id (rzp_test_… or rzp_live_…)")),
} as const;

export const settingsSchema = z
  .record(
    z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "setting names are letters, digits and _")),
    z.string().check(z.maxLength(20_000)),
  )
  .check(
    z.superRefine((settings, ctx) => {
      for (const [key, schema] of Object.entries(knownSettings)) {
        const value = settings[key];
        if (value === undefined) continue;
        const result = schema.safeParse(value);
        if (!result.success) {
          ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]?.message ?? "is not valid" });
        }
      }
      if (!settings.storeName) ctx.addIssue({ code: "custom", path: ["storeName"], message: "is required" });
      if (Number(settings.scratchCardMin) > Number(settings.scratchCardMax)) {
        ctx.addIssue({ code: "custom", path: ["scratchCardMax"], message: "must be at least scratchCardMin" });
      }
      for (const key of Object.keys(settings).filter((k) => /^favicon_/.test(k))) {
        if (!FAVICON_SIZES.some((size) => key === `favicon_${size}`)) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `favicon sizes are ${FAVICON_SIZES.slice(0, -1).join(", ")} and ${FAVICON_SIZES.at(-1)}`,
          });
        }
      }
      for (const key of Object.keys(settings).filter((k) => k.startsWith("plugin_") && !(k in knownSettings))) {
        ctx.addIssue({ code: "custom", path: [key], message: "is not a plugin setting (docs/store-import.md lists them)" });
      }
      for (const code of enabledPlugins(settings)) {
        for (const key of REQUIRED_PLUGIN_SETTINGS[code].filter((k) => !settings[k])) {
          ctx.addIssue({ code: "custom", path: [key], message: `is required when ${toggleKey(code)} is true` });
        }
      }
      if (settings.addedProduct !== undefined) {
        ctx.addIssue({ code: "custom", path: ["addedProduct"], message: "is set by the importer from the products list" });
      }
    }),
  );
