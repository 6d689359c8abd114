import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Translate } from "../../../commerce/i18n/catalogue";
import {
  type CookieConsent,
  isPluginCode,
  isScriptPlugin,
  PLUGIN_CODES,
  type PluginScript,
  pluginScriptUrl,
  whatsAppHref,
} from "../../../commerce/plugins";
import type { StoreSettings } from "../../../commerce/store-settings";
import type { LayoutElement } from "../../../worker/store-data/store-data";
import { I18nProvider } from "../../i18n/use-t";
import type { StorePlugins } from "../../route-data";
import { CookieBanner } from "./cookie-banner";
import { WhatsAppLink } from "./whatsapp-link";

/**
 * What the root renders for the store's plugins. The parts that must work without JavaScript (the WhatsApp link, the
 * consent form) are rendered to HTML here, on the server, so their components never reach the client's bundle: a
 * store with no plugin on downloads no plugin code at all. The third-party plugins come in their layout elements'
 * order (those without one after, in the spec's order), each mounted under its element's uniqueId; their scripts come
 * from the vendors, or from `scriptsUrl` when the Worker names one (PLUGIN_SCRIPTS_URL). The server-rendered parts speak
 * the page's language (`t`), the store's own words (its banner text, its chat greeting) coming first. The page's own
 * page-speed beacon (decision 084) waits for the same consent as the third parties' scripts.
 */
export function storePlugins(
  settings: StoreSettings["plugins"],
  layout: LayoutElement[],
  consent: CookieConsent | null,
  t: Translate,
  /** The page's language prefix ("" in the store's own), for the banner's form (decision 078). */
  prefix: string,
  scriptsUrl?: string,
): StorePlugins {
  const html = (element: ReactElement) => renderToStaticMarkup(<I18nProvider value={t}>{element}</I18nProvider>);
  const enabled = new Set(settings.enabled);
  const { config } = settings;
  const asksConsent = enabled.has("cookie_consent");
  const placed = layout.filter((element) => element.type === "plugin");
  const order = [...placed.map((element) => element.code), ...PLUGIN_CODES];
  const uniqueIdOf = (code: string) => placed.find((element) => element.code === code)?.uniqueId ?? `plugin-${code}`;
  const scripts: PluginScript[] = [];
  const consented = !asksConsent || consent === "accepted";
  if (consented) {
    for (const code of new Set<string>(order)) {
      if (!isPluginCode(code) || !enabled.has(code) || !isScriptPlugin(code)) continue;
      scripts.push({ code, uniqueId: uniqueIdOf(code), config: config[code], src: pluginScriptUrl(code, config[code], scriptsUrl) });
    }
  }
  return {
    consentBanner:
      asksConsent && consent === null
        ? html(
            <CookieBanner
              text={config.cookie_consent.text || t("consent.default_text")}
              policyUrl={config.cookie_consent.policy_url || null}
              prefix={prefix}
            />,
          )
        : null,
    chatLink:
      enabled.has("whatsapp") && config.whatsapp.phone
        ? html(<WhatsAppLink href={whatsAppHref(config.whatsapp.phone, config.whatsapp.text || t("consent.whatsapp_default_text"))} />)
        : null,
    scripts,
    pageSpeed: consented,
  };
}
