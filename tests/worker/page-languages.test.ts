import { describe, expect, it } from "vitest";
import { getPage, postForm, registeredShopper } from "./page-session";

// Decision 078: a store offering other languages serves each at its prefix (food.json offers Hindi at /hi), its
// interface from that language's catalogue (decision 077), every link, form and redirect kept under the prefix.

const html = async (path: string, cookie = "", host?: string) => {
  const response = await getPage(path, cookie, host);
  return { status: response.status, body: await response.text(), response };
};
const htmlTag = (body: string) => body.match(/<html[^>]*>/)?.[0] ?? "";

describe("a page in an offered language (decision 078)", () => {
  it("is served at its prefix, in its language, with its links under the prefix", async () => {
    const { status, body } = await html("/hi/category/pizzas");
    expect(status).toBe(200);
    expect(htmlTag(body)).toContain('lang="hi"');
    // The page carries its first chunks' messages in Hindi, keyed by their short names, and no other language's
    // (decision 081); nothing more is preloaded for them.
    const carried = JSON.parse(body.match(/<script type="application\/json" id="page-messages"[^>]*>(.*?)<\/script>/)?.[1] ?? "null");
    expect(carried.language).toBe("hi");
    // Its chunks by their hashes, the root's among them.
    const root = body.match(/<link rel="modulepreload" href="\/assets\/root-([\w-]{8})\.js"/)?.[1];
    expect(root).toBeTruthy();
    expect(carried.chunks).toContain(root);
    const said = Object.values(carried.messages)
      .flat(9)
      .filter((text) => typeof text === "string");
    expect(said).toContain("स्थान बदलें");
    expect(said.filter((text) => /^[A-Za-z ]{12,}$/.test(text as string))).toEqual([]);
    for (const id of Object.keys(carried.messages)) expect(id).toMatch(/^[0-9a-z]{1,3}$/);
    expect(body).not.toMatch(/rel="modulepreload" href="\/assets\/i18n/);
    expect(body).toContain("स्थान बदलें"); // 'Change Location'
    expect(body).not.toContain(">Change Location<");
    // Every link but the language switch's, whose English one leaves the prefix on purpose.
    const page = body.replace(/<nav[^>]*data-testid="(nav|footer)-languages".*?<\/nav>/g, "");
    expect(page).not.toBe(body);
    const links = [...page.matchAll(/href="(\/[^"]*)"/g)]
      .map((m) => m[1]!)
      .filter((href) => /^\/(product|category|cart|login)\b|^\/hi\b/.test(href));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((href) => !href.startsWith("/hi"))).toEqual([]);
  });

  it("keeps the store's own language without a prefix, and names every version for crawlers", async () => {
    const { body, response } = await html("/category/pizzas?sort=price_asc");
    expect(htmlTag(body)).toContain('lang="en"');
    expect(body).toContain(">Change Location<");
    expect(response.headers.get("Link")).toBe(
      [
        '<http://food.localhost/category/pizzas?sort=price_asc>; rel="alternate"; hreflang="en"',
        '<http://food.localhost/hi/category/pizzas?sort=price_asc>; rel="alternate"; hreflang="hi"',
        '<http://food.localhost/category/pizzas?sort=price_asc>; rel="alternate"; hreflang="x-default"',
      ].join(", "),
    );
    // The switch: this page in each language, a plain link, the current one marked.
    const nav = body.match(/data-testid="nav-languages".*?<\/nav>/)?.[0] ?? "";
    expect(nav).toContain('href="/hi/category/pizzas?sort=price_asc"');
    expect(nav).toMatch(/href="\/category\/pizzas\?sort=price_asc" hrefLang="en" lang="en" aria-current="true"/);
  });

  it("says its own address is canonical, and its home is the bare prefix", async () => {
    const product = await html("/hi/product/margherita-pizza");
    expect(product.body).toContain('<link rel="canonical" href="http://food.localhost/hi/product/margherita-pizza"/>');
    const home = await html("/hi");
    expect(home.status).toBe(200);
    expect(home.response.headers.get("Link")).toContain('<http://food.localhost/hi>; rel="alternate"; hreflang="hi"');
    expect(home.response.headers.get("Link")).toContain('<http://food.localhost/>; rel="alternate"; hreflang="en"');
  });

  it("answers a language's home data, as the desktop shell asks for it under a dialog", async () => {
    const data = await getPage("/hi.data");
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("routes/_index");
    expect((await getPage("/de.data")).status).toBe(404);
  });

  it("is not a language the store does not offer, nor the pseudo-language without the dev flag", async () => {
    expect((await getPage("/de/category/pizzas")).status).toBe(404);
    expect((await getPage("/en-XA/category/pizzas")).status).toBe(404);
    // A store offering none has no switch and no alternates.
    const plain = await html("/", "", "new.localhost");
    expect(plain.response.headers.get("Link")).toBeNull();
    expect(plain.body).not.toContain('data-testid="nav-languages"');
  });

  it("keeps a redirect under the prefix, once: signing in from a page in Hindi comes back to it", async () => {
    const account = await getPage("/hi/account/my-orders");
    expect(account.status).toBe(303);
    expect(account.headers.get("Location")).toBe("/hi/login?redirectTo=%2Faccount%2Fmy-orders");
    const cookies = await registeredShopper();
    const signedIn = await getPage("/hi/account/my-orders", cookies);
    expect(signedIn.status).toBe(200);
    expect(htmlTag(await signedIn.text())).toContain('lang="hi"');
  });

  it("answers a form post in the language it came from", async () => {
    const added = await postForm("/hi/product/paneer-tikka", { product_id: "1", quantity: "1" });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/hi/cart");
  });

  it("lists each language's addresses in the sitemap", async () => {
    const index = await (await getPage("/sitemap.xml")).text();
    expect(index).toContain("<loc>http://food.localhost/sitemap/pages</loc>");
    expect(index).toContain("<loc>http://food.localhost/hi/sitemap/pages</loc>");
    expect(index).toContain("<loc>http://food.localhost/hi/sitemap/products/1</loc>");
    const pages = await (await getPage("/hi/sitemap/pages")).text();
    expect(pages).toContain("<loc>http://food.localhost/hi</loc>");
    expect(pages).toContain("<loc>http://food.localhost/hi/category/pizzas</loc>");
    expect(pages).not.toContain("<loc>http://food.localhost/category/pizzas</loc>");
  });
});
