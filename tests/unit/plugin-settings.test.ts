import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { enabledPlugins, whatsAppHref } from "../../commerce/plugins";
import { formatIssue } from "../../worker/store-import/import-store";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";

const retail = JSON.parse(readFileSync("stores/retail.json", "utf8"));

/** The importer's messages for the retail file with these settings and plugin elements added. */
function refusals(settings: Record<string, string>, layout: unknown[] = []): string[] {
  const file = { ...retail, settings: { ...retail.settings, ...settings }, layout: [...retail.layout, ...layout] };
  const parsed = storeFileSchema.safeParse(file);
  return parsed.success ? [] : parsed.error.issues.map((i) => formatIssue({ path: i.path as (string | number)[], message: i.message }));
}

describe("plugin settings in the store file", () => {
  it("accepts the demo retail store's plugins", () => {
    expect(refusals({})).toEqual([]);
    expect(enabledPlugins(retail.settings)).toEqual(["whatsapp", "google_analytics", "cookie_consent"]);
  });

  it("keeps the review stars' colour a setting of its own, checked as a colour", () => {
    expect(refusals({ plugin_product_reviews_star_color: "#123456" })).toEqual([]);
    expect(refusals({ plugin_product_reviews_star_color: "gold" })).toEqual([
      "settings.plugin_product_reviews_star_color: must be a colour like #1a2b3c",
    ]);
  });

  it.each([
    ["plugin_cookie_consent_policy_url", "javascript:alert(1)", "must be a path starting with / or an https:// URL"],
    ["plugin_cookie_consent_policy_url", "JavaScript:void(0)", "must be a path starting with / or an https:// URL"],
    ["plugin_whatsapp_text", "Hi <script>alert(1)</script>", "must be plain text"],
    ["plugin_whatsapp_text", "see javascript:alert(1)", "must be plain text"],
    ["plugin_cookie_consent_text", "<b>We</b> use cookies", "must be plain text"],
    ["plugin_whatsapp_phone", "call me", "must be a phone number"],
    ["plugin_whatsapp_phone", "+91 98765 43210", "must be a phone number"],
    ["plugin_google_analytics_id", "UA-1234-1", "must be a Google Analytics measurement id"],
    ["plugin_google_analytics_id", 'G-ABC"onload=x', "must be a Google Analytics measurement id"],
    ["plugin_intercom_app_id", "abc/../x", "must be an Intercom app id"],
    ["plugin_tawk_to_property_id", "not-hex", "must be a Tawk.to property id"],
    ["plugin_tawk_to_widget_id", "a b", "must be a Tawk.to widget id"],
    ["plugin_nudgify_site_id", "x", "must be a Nudgify site id"],
    ["plugin_wheel_of_popups_id", "<x>", "must be a Wheel of Popups id"],
    ["plugin_whatsapp_enable", "yes", "Invalid option"],
  ])("refuses %s = %j, naming the field", (key, value, message) => {
    const found = refusals({ [key]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`settings.${key}: `);
    expect(found[0]).toContain(message);
  });

  it("refuses a switched-on plugin without the settings it needs", () => {
    expect(refusals({ plugin_intercom_enable: "true", plugin_tawk_to_enable: "true" })).toEqual([
      "settings.plugin_intercom_app_id: is required when plugin_intercom_enable is true",
      "settings.plugin_tawk_to_property_id: is required when plugin_tawk_to_enable is true",
    ]);
    const { plugin_whatsapp_phone: _, ...withoutPhone } = retail.settings;
    const parsed = storeFileSchema.safeParse({ ...retail, settings: withoutPhone });
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["settings.plugin_whatsapp_phone"]);
  });

  it("refuses a misspelt plugin setting", () => {
    expect(refusals({ plugin_whatsapp_number: "+353851234567" })).toEqual([
      "settings.plugin_whatsapp_number: is not a plugin setting (docs/store-import.md lists them)",
    ]);
  });

  it("refuses plugin elements that are unknown, unnamed, configured in the layout or placed twice", () => {
    const at = retail.layout.length;
    expect(refusals({}, [{ type: "plugin", code: "crypto_miner", uniqueId: "x" }])[0]).toBe(
      `layout[${at}].code: unknown plugin; known: whatsapp, google_analytics, wheel_of_popups, nudgify, intercom, tawk_to, cookie_consent`,
    );
    expect(refusals({}, [{ type: "plugin", code: "tawk_to" }])[0]).toContain(`layout[${at}].uniqueId: a plugin needs a uniqueId`);
    expect(refusals({}, [{ type: "plugin", code: "tawk_to", uniqueId: 'x" onload="y' }])[0]).toContain(`layout[${at}].uniqueId`);
    expect(refusals({}, [{ type: "plugin", code: "tawk_to", uniqueId: "tawk", data: { src: "javascript:alert(1)" } }])).toEqual([
      `layout[${at}].data: takes nothing: a plugin is configured by its plugin_tawk_to_* settings`,
    ]);
    expect(refusals({}, [{ type: "plugin", code: "whatsapp", uniqueId: "again" }])).toEqual([
      `layout[${at}].code: this plugin is already placed`,
    ]);
  });
});

describe("whatsAppHref", () => {
  it("links to wa.me with the number's digits and the text encoded", () => {
    expect(whatsAppHref("+353851234567", "Hi & hello?")).toBe("https://wa.me/353851234567?text=Hi%20%26%20hello%3F");
  });
});
