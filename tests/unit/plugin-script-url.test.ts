import { describe, expect, it } from "vitest";
import { pluginScriptUrl } from "../../commerce/plugins";

// The vendors' install snippets (decision 031): the addresses a real store's page loads.
describe("pluginScriptUrl", () => {
  it("is each vendor's own address, with the store's ids where the vendor puts them", () => {
    expect(pluginScriptUrl("google_analytics", { id: "G-AB12CD34EF" })).toBe("https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF");
    expect(pluginScriptUrl("intercom", { app_id: "abc123xyz" })).toBe("https://widget.intercom.io/widget/abc123xyz");
    expect(pluginScriptUrl("tawk_to", { property_id: "5f2b3c4d5e6f708192a3b4c5", widget_id: "1e2f3g4h" })).toBe(
      "https://embed.tawk.to/5f2b3c4d5e6f708192a3b4c5/1e2f3g4h",
    );
    expect(pluginScriptUrl("tawk_to", { property_id: "5f2b3c4d5e6f708192a3b4c5" })).toBe(
      "https://embed.tawk.to/5f2b3c4d5e6f708192a3b4c5/default",
    );
    // Nudgify's pixel is one script for every site: the site id goes to window.nudgify.uuid.
    expect(pluginScriptUrl("nudgify", { site_id: "d9d09c7f-3571-495d-9496-2b97f868f990" })).toBe("https://pixel.nudgify.com/pixel.js");
    expect(pluginScriptUrl("wheel_of_popups", { id: "v5744" })).toBe("https://www.wheelofpopups.com/api/v5744/widget.js");
  });

  it("with a configured base, is the vendor's host and path under it", () => {
    expect(pluginScriptUrl("google_analytics", { id: "G-AB12CD34EF" }, "http://127.0.0.1:4000/")).toBe(
      "http://127.0.0.1:4000/www.googletagmanager.com/gtag/js?id=G-AB12CD34EF",
    );
  });
});
