import type { PluginCode } from "../../commerce/plugins";

/** What a page's CSP adds for a plugin, per directive (space-separated sources). */
interface Sources {
  script: string[];
  connect: string[];
  frame: string[];
  font: string[];
}

const NONE: Sources = { script: [], connect: [], frame: [], font: [] };

/**
 * The origins each third-party plugin's script loads from and talks to, as the vendors' install guides list them.
 * Images are already allowed from any https origin (store images are), so img-src needs nothing more. WhatsApp is
 * a link and cookie consent a form of ours: neither adds a source.
 */
const PLUGIN_SOURCES: Record<PluginCode, Sources> = {
  whatsapp: NONE,
  cookie_consent: NONE,
  google_analytics: {
    script: ["https://www.googletagmanager.com"],
    connect: [
      "https://www.googletagmanager.com",
      "https://www.google-analytics.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ],
    frame: [],
    font: [],
  },
  intercom: {
    script: ["https://widget.intercom.io", "https://js.intercomcdn.com"],
    connect: ["https://*.intercom.io", "wss://*.intercom.io", "https://uploads.intercomcdn.com"],
    frame: ["https://intercom-sheets.com", "https://www.intercom-reporting.com"],
    font: ["https://js.intercomcdn.com"],
  },
  tawk_to: {
    script: ["https://embed.tawk.to", "https://cdn.jsdelivr.net"],
    connect: ["https://*.tawk.to", "wss://*.tawk.to"],
    frame: ["https://*.tawk.to"],
    font: ["https://*.tawk.to"],
  },
  nudgify: {
    script: ["https://pixel.nudgify.com"],
    connect: ["https://*.nudgify.com"],
    frame: [],
    font: [],
  },
  wheel_of_popups: {
    script: ["https://www.wheelofpopups.com"],
    connect: ["https://www.wheelofpopups.com"],
    frame: ["https://www.wheelofpopups.com"],
    font: [],
  },
};

/**
 * The CSP sources of the store's enabled plugins, each directive's list already led by a space (or empty). With
 * `scriptsUrl` (PLUGIN_SCRIPTS_URL: every plugin's script from one place, a fake in the tests) its origin is the only
 * one, for scripts and for what they send back.
 */
export function pluginSources(plugins: readonly PluginCode[], scriptsUrl?: string): Record<keyof Sources, string> {
  const replaced = scriptsUrl ? new URL(scriptsUrl).origin : null;
  const sourcesOf = (code: PluginCode): Sources => {
    if (!replaced || PLUGIN_SOURCES[code].script.length === 0) return PLUGIN_SOURCES[code];
    return { script: [replaced], connect: [replaced], frame: [], font: [] };
  };
  const join = (directive: keyof Sources) => {
    const sources = new Set(plugins.flatMap((code) => sourcesOf(code)[directive]));
    return [...sources].map((source) => ` ${source}`).join("");
  };
  return { script: join("script"), connect: join("connect"), frame: join("frame"), font: join("font") };
}
