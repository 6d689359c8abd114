import { renderToStaticMarkup } from "react-dom/server";
import {
  type CookieConsent,
  DEFAULT_CONSENT_TEXT,
  DEFAULT_WHATSAPP_TEXT,
  isPluginCode,
  isScriptPlugin,
  PLUGIN_CODES,
  type PluginScript,
  pluginScriptUrl,
  whatsAppHref,
} from "../../../commerce/plugins";
import type { StoreSettings } from "../../../commerce/store-settings";
import type { LayoutElement } from "../../../worker/store-data/store-data";
import type { StorePlugins } from "../../route-data";
import { CookieBanner } from "./cookie-banner";
import { WhatsAppLink } from "./whatsapp-link";

/**
 * What the root renders for the store's plugins. The parts that must work without JavaScript (the WhatsApp link, the
 * consent form) are rendered to HTML here, on the server, so their components never reach the client's bundle: a
 * store with no plugin on downloads no plugin code at all. The third-party plugins come in their layout elements'
 * order (those without one after, in the spec's order), each mounted under its element's uniqueId; their scripts come
 * from the vendors, or from `scriptsUrl` when the Worker names one (PLUGIN_SCRIPTS_URL).
 */
export function storePlugins(
  settings: StoreSettings["plugins"],
  layout: LayoutElement[],
  consent: CookieConsent | null,
  scriptsUrl?: string,
): StorePlugins {
  const enabled = new Set(settings.enabled);
  const { config } = settings;
  const asksConsent = enabled.has("cookie_consent");
  const placed = layout.filter((element) => element.type === "plugin");
  const order = [...placed.map((element) => element.code), ...PLUGIN_CODES];
  const uniqueIdOf = (code: string) => placed.find((element) => element.code === code)?.uniqueId ?? `plugin-${code}`;
  const scripts: PluginScript[] = [];
  if (!asksConsent || consent === "accepted") {
    for (const code of new Set<string>(order)) {
      if (!isPluginCode(code) || !enabled.has(code) || !isScriptPlugin(code)) continue;
      scripts.push({ code, uniqueId: uniqueIdOf(code), config: config[code], src: pluginScriptUrl(code, config[code], scriptsUrl) });
    }
  }
  return {
    consentBanner:
      asksConsent && consent === null
        ? renderToStaticMarkup(
            <CookieBanner text={config.cookie_consent.text || DEFAULT_CONSENT_TEXT} policyUrl={config.cookie_consent.policy_url || null} />,
          )
        : null,
    chatLink:
      enabled.has("whatsapp") && config.whatsapp.phone
        ? renderToStaticMarkup(<WhatsAppLink href={whatsAppHref(config.whatsapp.phone, config.whatsapp.text || DEFAULT_WHATSAPP_TEXT)} />)
        : null,
    scripts,
  };
}
