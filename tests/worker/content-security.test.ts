import { describe, expect, it } from "vitest";
import { request } from "./request";

/** Styles under a CSP without 'unsafe-inline' (issue 30): a nonced theme element, and no style attribute in any page. */

const PAGES = ["/", "/category/pizzas", "/product/margherita-pizza", "/product/reviews/26", "/cart", "/login", "/no-such-page"];

function nonceOf(csp: string): string {
  const nonce = csp.match(/style-src 'self' 'nonce-([^']+)'/)?.[1];
  if (!nonce) throw new Error(`no style nonce in ${csp}`);
  return nonce;
}

describe("styles under the CSP", () => {
  it("pages carry the theme in a style element with the answer's nonce, and no style attribute", async () => {
    for (const path of PAGES) {
      const response = await request("food.localhost", path);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).not.toContain("unsafe-inline");
      const html = await response.text();
      expect(html, path).toContain(`<style nonce="${nonceOf(csp)}">:root{--brand:`);
      expect(html, path).not.toMatch(/<[^>]+\sstyle=/);
    }
  });

  it("a kept page's theme carries the next answer's nonce", async () => {
    await request("food.localhost", "/product/paneer-tikka");
    const kept = await request("food.localhost", "/product/paneer-tikka");
    expect(kept.headers.get("X-Page-Cache")).toBe("hit");
    expect(await kept.text()).toContain(`<style nonce="${nonceOf(kept.headers.get("Content-Security-Policy") ?? "")}">`);
  });

  it("the unknown-store and bad-address pages style themselves the same way", async () => {
    for (const host of ["unknown.localhost", `${"a".repeat(300)}.localhost`]) {
      const response = await request(host, "/");
      const html = await response.text();
      expect(html).toContain(`<style nonce="${nonceOf(response.headers.get("Content-Security-Policy") ?? "")}">`);
      expect(html).not.toMatch(/<[^>]+\sstyle=/);
    }
  });
});
