import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The five third-party plugins' vendors on loopback (Node, started by tests/e2e/global-setup.ts, which points the
 * Worker's PLUGIN_SCRIPTS_URL here). Each vendor's script is served at `/<vendor host><vendor path>`, the address its
 * install snippet loads (commerce/plugins.ts); any other path is a 404, so a wrong address fails. Each script reads what
 * its snippet gives it, as the real one does, and reports that back here:
 *
 *   GET /www.googletagmanager.com/gtag/js?id=ID     gtag.js: the commands queued on `window.dataLayer` (each an
 *                                                  arguments object: ["js", Date], ["config", ID])
 *   GET /widget.intercom.io/widget/APP_ID          Intercom's widget: `window.intercomSettings` ({app_id})
 *   GET /embed.tawk.to/PROPERTY/WIDGET             Tawk.to's embed: `window.Tawk_API` (an object) and `window.Tawk_LoadStart` (a Date)
 *   GET /pixel.nudgify.com/pixel.js                Nudgify's pixel: the site id in `window.nudgify.uuid`
 *   GET /www.wheelofpopups.com/api/ID/widget.js    Wheel of Popups' widget: nothing but its address
 *   POST /__given                                  a script's report (text/plain JSON, sent from the page: CORS-simple)
 *   GET /__records                                 every script request and report, oldest first, with the page's
 *                                                  origin (Referer / Origin) as `store`
 */
export interface VendorRecord {
  kind: "script" | "given";
  store: string;
  /** The script's path and query (for a report, the script that sent it). */
  path: string;
  given?: Record<string, unknown>;
}

const VENDOR_SCRIPTS: { vendor: string; path: RegExp; reads: string }[] = [
  {
    vendor: "google_analytics",
    path: /^\/www\.googletagmanager\.com\/gtag\/js$/,
    reads: `({ dataLayer: (window.dataLayer || []).map(function (args) {
      return Array.prototype.map.call(args, function (a) { return a instanceof Date ? "Date" : a; });
    }) })`,
  },
  { vendor: "intercom", path: /^\/widget\.intercom\.io\/widget\/[^/]+$/, reads: "({ intercomSettings: window.intercomSettings })" },
  {
    vendor: "tawk_to",
    path: /^\/embed\.tawk\.to\/[^/]+\/[^/]+$/,
    reads: `({ Tawk_API: typeof window.Tawk_API, Tawk_LoadStart: window.Tawk_LoadStart instanceof Date ? "Date" : typeof window.Tawk_LoadStart })`,
  },
  { vendor: "nudgify", path: /^\/pixel\.nudgify\.com\/pixel\.js$/, reads: "({ nudgify: window.nudgify })" },
  { vendor: "wheel_of_popups", path: /^\/www\.wheelofpopups\.com\/api\/[^/]+\/widget\.js$/, reads: "({})" },
];

/** The script a vendor's address answers: it reports what it was given, then marks the page. */
function script(origin: string, vendor: string, path: string, reads: string): string {
  return `(function () {
  var given = ${reads};
  fetch(${JSON.stringify(`${origin}/__given`)}, { method: "POST", body: JSON.stringify({ path: ${JSON.stringify(path)}, given: given }) });
  (window.fakeVendorsLoaded = window.fakeVendorsLoaded || []).push(${JSON.stringify(vendor)});
})();
`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakePluginVendors(): Promise<{ url: string; close(): Promise<void> }> {
  const records: VendorRecord[] = [];
  let origin = "";
  const server: Server = createServer(async (request, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", origin);
    const store = request.headers.origin ?? (request.headers.referer ? new URL(request.headers.referer).origin : "");
    if (request.method === "POST" && url.pathname === "/__given") {
      const { path, given } = JSON.parse(await bodyOf(request)) as { path: string; given: Record<string, unknown> };
      records.push({ kind: "given", store, path, given });
      response.writeHead(204, { "Access-Control-Allow-Origin": "*" });
      return response.end();
    }
    if (url.pathname === "/__records") {
      response.writeHead(200, { "Content-Type": "application/json" });
      return response.end(JSON.stringify(records));
    }
    const vendor = VENDOR_SCRIPTS.find((entry) => entry.path.test(url.pathname));
    if (request.method !== "GET" || !vendor) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      return response.end("no such script");
    }
    const path = url.pathname + url.search;
    records.push({ kind: "script", store, path });
    response.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
    response.end(script(origin, vendor.vendor, path, vendor.reads));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
