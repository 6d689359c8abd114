import { describe, expect, it } from "vitest";
import { request } from "./request";

/** The <img> tags of a page, in document order. */
async function images(host: string, path: string): Promise<string[]> {
  const html = await (await request(host, path)).text();
  return html.match(/<img[^>]*>/g) ?? [];
}

const highPriority = (tag: string) => tag.includes('fetchpriority="high"') && !tag.includes('loading="lazy"');

describe("accessibility and loading markup of server-rendered pages", () => {
  it("fetches each page kind's largest picture first and leaves the rest lazy", async () => {
    // Home: the first banner (the nav's logo comes before it).
    const home = await images("food.localhost", "/");
    expect(home.filter(highPriority)).toHaveLength(1);
    expect(home.find(highPriority)).toContain("/banners/");
    expect(home.filter((tag) => tag.includes('loading="lazy"')).length).toBeGreaterThan(3);
    // Product: its own picture.
    const product = await images("food.localhost", "/product/margherita-pizza");
    expect(product.filter(highPriority)).toHaveLength(1);
    expect(product.find(highPriority)).toContain('alt="Margherita Pizza"');
    // Category: the first row of cards, and no more.
    const category = await images("food.localhost", "/category/pizzas");
    expect(category.filter(highPriority)).toHaveLength(3);
  });

  it("names every banner link after its alt text or its target", async () => {
    const html = await (await request("food.localhost", "/")).text();
    const links = html.match(/<a[^>]*data-testid="banner-link"[^>]*>\s*<img[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/alt="[^"]+"/);
    expect(html).toContain('alt="Our story: from a 12-seat counter to three kitchens"');
  });

  it("starts with a skip link to the main content, and says the page's language", async () => {
    const html = await (await request("food.localhost", "/category/pizzas")).text();
    expect(html).toMatch(/<html lang="en"/);
    const firstLink = html.match(/<body[^>]*>.*?<a ([^>]*)>/s)?.[1];
    expect(firstLink).toContain('href="#main"');
    expect(html).toMatch(/<main id="main"/);
  });
});
