import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { request } from "./request";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function page(path: string, userAgent = BROWSER) {
  const response = await request("food.localhost", path, { headers: { "User-Agent": userAgent } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
  return { response, nonce, html: await response.text() };
}

/** The single-fetch text the document hands to Remix's client, read back from its inline script. */
function inlineData(html: string): string {
  const argument = /streamController\.enqueue\(([^<]*)\);<\/script>/.exec(html)?.[1];
  expect(argument).toBeDefined();
  return JSON.parse(argument as string) as string;
}

describe("a page is one complete document with its single-fetch data inline", () => {
  it.each(["/", `/product/${food.products[0]?.slug}`])(
    "%s: doctype, data and its end before </body>, the nonce on every script",
    async (path) => {
      const { response, nonce, html } = await page(path);
      expect(response.status).toBe(200);
      expect(nonce).toBeTruthy();
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      expect(html.endsWith("</body></html>")).toBe(true);
      // The data goes after <Scripts> made the stream it is written into, and the stream is closed after it.
      const stream = html.indexOf("window.__remixContext.stream = new ReadableStream");
      const enqueue = html.indexOf("streamController.enqueue(");
      const close = html.indexOf("streamController.close();");
      expect(stream).toBeGreaterThan(0);
      expect(enqueue).toBeGreaterThan(stream);
      expect(close).toBeGreaterThan(enqueue);
      expect(html.indexOf("</body>")).toBeGreaterThan(close);
      // Nothing is left for a streaming renderer to fill in later.
      expect(html).not.toMatch(/<template|\$RC\(|hidden id="S:/);
      expect(inlineData(html)).toContain(food.products[0]?.name);
      // Every script the browser runs (JSON-LD and the page's messages are data, which CSP does not govern).
      const inlineScripts = html.match(/<script(?![^>]*\b(src=|type="application\/(ld\+)?json"))[^>]*>/g) ?? [];
      expect(inlineScripts.length).toBeGreaterThan(2);
      for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    },
  );

  it("keeps the data inside its script: no raw < or > from store text reaches the markup", async () => {
    const { html } = await page("/");
    const argument = /streamController\.enqueue\(([^<]*)\);<\/script>/.exec(html)?.[1] ?? "";
    expect(argument.length).toBeGreaterThan(1_000);
    expect(argument).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("gives crawlers and people the same document", async () => {
    const person = await page("/");
    const crawler = await page("/", CRAWLER);
    expect(crawler.html.replaceAll(crawler.nonce, "NONCE")).toBe(person.html.replaceAll(person.nonce, "NONCE"));
  });

  it("renders an error boundary's page whole, with its status and data", async () => {
    const { response, html } = await page("/product/no-such-product");
    expect(response.status).toBe(404);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html).toContain("streamController.close();");
    expect(inlineData(html)).toContain("404");
  });
});
