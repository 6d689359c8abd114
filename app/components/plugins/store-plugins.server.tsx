import { renderToStaticMarkup } from "react-dom/server";
import {
  type CookieConsent,
  DEFAULT_CONSENT_TEXT,
  DEFAULT_WHATSAPP_TEXT,
  enabledPlugins,
  isPluginCode,
  isScriptPlugin,
  PLUGIN_CODES,
  type PluginScript,
  pluginScriptUrl,
  type ScriptPluginCode,
  whatsAppHref,
} from "../../../commerce/plugins";
import type { LayoutElement } from "../../../worker/store-data/store-data";
import type { StorePlugins } from "../../route-data";
import { CookieBanner } from "./cookie-banner";
import { WhatsAppLink } from "./whatsapp-link";

/** `plugin_tawk_to_property_id` → `property_id`, for the plugin `tawk_to`. */
function configOf(code: ScriptPluginCode, settings: Record<string, string>): Record<string, string> {
  const prefix = `plugin_${code}_`;
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([key]) => key.startsWith(prefix) && key !== `${prefix}enable`)
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/**
 * What the root renders for the store's plugins. The parts that must work without JavaScript (the WhatsApp link, the
 * consent form) are rendered to HTML here, on the server, so their components never reach the client's bundle: a
 * store with no plugin on downloads no plugin code at all. The third-party plugins come in their layout elements'
 * order (those without one after, in the spec's order), each mounted under its element's uniqueId; their scripts come
 * from the vendors, or from `scriptsUrl` when the Worker names one (PLUGIN_SCRIPTS_URL).
 */
export function storePlugins(
  settings: Record<string, string>,
  layout: LayoutElement[],
  consent: CookieConsent | null,
  scriptsUrl?: string,
): StorePlugins {
  const enabled = new Set(enabledPlugins(settings));
  const asksConsent = enabled.has("cookie_consent");
  const placed = layout.filter((element) => element.type === "plugin");
  const order = [...placed.map((element) => element.code), ...PLUGIN_CODES];
  const uniqueIdOf = (code: string) => placed.find((element) => element.code === code)?.uniqueId ?? `plugin-${code}`;
  const scripts: PluginScript[] = [];
  if (!asksConsent || consent === "accepted") {
    for (const code of new Set<string>(order)) {
      if (!isPluginCode(code) || !enabled.has(code) || !isScriptPlugin(code)) continue;
      const config = configOf(code, settings);
      scripts.push({ code, uniqueId: uniqueIdOf(code), config, src: pluginScriptUrl(code, config, scriptsUrl) });
    }
  }
  return {
    consentBanner:
      asksConsent && consent === null
        ? renderToStaticMarkup(
            <CookieBanner
              text={settings.plugin_cookie_consent_text || DEFAULT_CONSENT_TEXT}
              policyUrl={settings.plugin_cookie_consent_policy_url || null}
            />,
          )
        : null,
    chatLink:
      enabled.has("whatsapp") && settings.plugin_whatsapp_phone
        ? renderToStaticMarkup(
            <WhatsAppLink href={whatsAppHref(settings.plugin_whatsapp_phone, settings.plugin_whatsapp_text || DEFAULT_WHATSAPP_TEXT)} />,
          )
        : null,
    scripts,
  };
}
