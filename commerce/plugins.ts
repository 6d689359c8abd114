/**
 * The store's optional plugins (spec sections 1 and 9): each is switched on by its `plugin_<code>_enable` setting
 * ('true'), configured by its other `plugin_<code>_*` settings (checked by the importer), and placed by an optional
 * layout element of type plugin whose code is the plugin's.
 */
export const PLUGIN_CODES = [
  "whatsapp",
  "google_analytics",
  "wheel_of_popups",
  "nudgify",
  "intercom",
  "tawk_to",
  "cookie_consent",
] as const;

export type PluginCode = (typeof PLUGIN_CODES)[number];

/** The plugins that load a third party's script; when the cookie-consent plugin is on they wait for the shopper's yes. */
export const SCRIPT_PLUGINS = ["google_analytics", "wheel_of_popups", "nudgify", "intercom", "tawk_to"] as const;
export type ScriptPluginCode = (typeof SCRIPT_PLUGINS)[number];

export function toggleKey(code: PluginCode): `plugin_${PluginCode}_enable` {
  return `plugin_${code}_enable`;
}

export function isPluginCode(code: string): code is PluginCode {
  return (PLUGIN_CODES as readonly string[]).includes(code);
}

export function isScriptPlugin(code: PluginCode): code is ScriptPluginCode {
  return (SCRIPT_PLUGINS as readonly string[]).includes(code);
}

/** The plugins a store's settings switch on, in PLUGIN_CODES order. */
export function enabledPlugins(settings: Record<string, string | undefined>): PluginCode[] {
  return PLUGIN_CODES.filter((code) => settings[toggleKey(code)] === "true");
}

/**
 * A third-party plugin a page loads after hydration: its chunk, its mount id, its own settings (prefix dropped) and
 * the address of its vendor's script.
 */
export interface PluginScript {
  code: ScriptPluginCode;
  uniqueId: string;
  config: Record<string, string>;
  src: string;
}

const part = (text: string | undefined) => encodeURIComponent(text ?? "");

/**
 * Each vendor's script, as its install snippet loads it (what the page sets up first is in the plugin's component):
 * gtag.js with the measurement id; Intercom's widget for the app id; Tawk.to's embed for the property and widget;
 * Nudgify's pixel, which reads the site id from `window.nudgify.uuid`; Wheel of Popups' widget for the account id.
 */
const VENDOR_SCRIPT: Record<ScriptPluginCode, (config: Record<string, string>) => string> = {
  google_analytics: (config) => `https://www.googletagmanager.com/gtag/js?id=${part(config.id)}`,
  intercom: (config) => `https://widget.intercom.io/widget/${part(config.app_id)}`,
  tawk_to: (config) => `https://embed.tawk.to/${part(config.property_id)}/${part(config.widget_id || "default")}`,
  nudgify: () => "https://pixel.nudgify.com/pixel.js",
  wheel_of_popups: (config) => `https://www.wheelofpopups.com/api/${part(config.id)}/widget.js`,
};

/**
 * The address a plugin's script is loaded from: the vendor's, or with `scriptsUrl` (the Worker's PLUGIN_SCRIPTS_URL,
 * a fake on loopback in the tests) the same host and path under that base, e.g. `<base>/embed.tawk.to/<property>/<widget>`.
 */
export function pluginScriptUrl(code: ScriptPluginCode, config: Record<string, string>, scriptsUrl?: string): string {
  const address = VENDOR_SCRIPT[code](config);
  if (!scriptsUrl) return address;
  const { host, pathname, search } = new URL(address);
  return `${scriptsUrl.replace(/\/$/, "")}/${host}${pathname}${search}`;
}

/** The settings each plugin needs before it can be switched on. */
export const REQUIRED_PLUGIN_SETTINGS: Record<PluginCode, readonly string[]> = {
  whatsapp: ["plugin_whatsapp_phone"],
  google_analytics: ["plugin_google_analytics_id"],
  wheel_of_popups: ["plugin_wheel_of_popups_id"],
  nudgify: ["plugin_nudgify_site_id"],
  intercom: ["plugin_intercom_app_id"],
  tawk_to: ["plugin_tawk_to_property_id"],
  cookie_consent: [],
};

/** A shopper's answer to the cookie banner. */
export type CookieConsent = "accepted" | "declined";

/** The WhatsApp click-to-chat link (wa.me takes the number as digits only, without + or spaces). */
export function whatsAppHref(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
