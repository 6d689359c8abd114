import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, request, viaCloudflare } from "./request";
import { setSetting } from "./settings-helpers";

// The store's pages as text for agents, and its llms.txt (decision 091), through the Worker with the real page cache,
// the agents' module and the store's API over local D1.

const FOOD = "food.localhost";
const RETAIL = "retail.localhost";
const MARKDOWN = { Accept: "text/markdown" };
const BROWSER = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8" };

const get = (path: string, headers: Record<string, string> = MARKDOWN, host = FOOD) => request(host, path, { headers });
/** An address of the test's own: the page cache keeps every query apart, so no earlier request answers it. */
const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}visit=${crypto.randomUUID()}`;

async function markdownOf(path: string, host = FOOD, headers: Record<string, string> = MARKDOWN) {
  const response = await get(path, headers, host);
  expect(response.headers.get("Content-Type"), path).toBe("text/markdown; charset=utf-8");
  return { response, body: await response.text() };
}

/** One JSON-RPC call of the food store's MCP server, from a client of its own. */
function mcp(method: string, params: unknown) {
  const client = viaCloudflare();
  return request(FOOD, "/api/mcp", {
    method: "POST",
    cf: client.cf,
    headers: { ...client.headers, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
}

let foodId = 0;
beforeAll(async () => {
  foodId = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
});
afterAll(() => setSetting(foodId, "agentsEnable", null));

describe("a page asked for as markdown", () => {
  it("a product: its price at the branch, options with each combination's price, add-ons with their limits, links", async () => {
    const { response, body } = await markdownOf("/product/margherita-pizza");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Vary")).toBe("Accept");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(body).toMatch(/^# Margherita Pizza\n\n- Price: ₹199 to ₹449\n- Prices and stock at: Spice Route Kitchen - Indiranagar\n/);
    expect(body).toContain("- Size: Regular, Medium, Large\n- Crust: Classic, Thin");
    // Regular comes with the classic crust only.
    expect(body).toContain("- Regular / Classic: ₹199\n- Medium / Classic: ₹329\n- Medium / Thin: ₹329\n");
    expect(body).not.toContain("Regular / Thin");
    expect(body).toContain("### Dips\n\nOptional: choose up to 2.\n\n- Garlic dip: ₹25\n");
    expect(body).toContain("- [The product's page, for the shopper](http://food.localhost/product/margherita-pizza)");
    expect(body).toContain("(http://food.localhost/api/mcp)");
  });

  it("a product's add-ons that must be chosen, at least and at most", async () => {
    const { body } = await markdownOf("/product/build-your-own-thali");
    expect(body).toContain("### Curries\n\nChoose 2 to 3.\n");
    expect(body).toContain("### Breads\n\nChoose 1 to 2.\n");
  });

  it("a product at the branch `branch_id` names, and one that branch does not sell", async () => {
    const { body } = await markdownOf("/product/mutton-biryani?branch_id=3");
    expect(body).toContain("- Prices and stock at: Spice Route Kitchen - Jayanagar\n- Stock: Not available at this branch\n");
    const out = await markdownOf("/product/egg-biryani");
    expect(out.body).toContain("- Stock: Out of stock\n");
  });

  it("a category: its products with price, stock and links, paging, and its filters and orders as links", async () => {
    const { response, body } = await markdownOf("/category/curries?sort=price_asc&per_page=2");
    expect(response.status).toBe(200);
    expect(body).toMatch(/^# Curries\n\n6 products\n/);
    const lines = body.split("\n").filter((line) => line.startsWith("- [") && line.includes("/product/"));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^- \[[^\]]+\]\(http:\/\/food\.localhost\/product\/[a-z-]+\): ₹\d+/);
    const prices = lines.map((line) => Number(/\): ₹(\d+)/.exec(line)![1]));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body).toContain("**Price: low to high**");
    expect(body).toContain("[Relevance](http://food.localhost/category/curries)");
    expect(body).toMatch(
      /- Diet: \[Vegetarian\]\(http:\/\/food\.localhost\/category\/curries\?sort=price_asc&filter=diet%3AVegetarian\) \(\d+\)/,
    );
  });

  it("a category's later page links the one before, with its filters kept", async () => {
    const { body } = await markdownOf("/category/biryani?page=2&filter=diet:Non-vegetarian");
    expect(body).toContain("Page 2 of 1 · [Previous page](http://food.localhost/category/biryani?filter=diet%3ANon-vegetarian)");
  });

  it("a search: its results, and how to search when no text is given", async () => {
    const { body } = await markdownOf("/search?q=paneer");
    expect(body).toMatch(/^# Search\n\n5 results for “paneer”\n/);
    expect(body).toContain("- [Paneer Tikka](http://food.localhost/product/paneer-tikka): ₹279 · Original price: ₹319 · In stock");
    const empty = await markdownOf("/search");
    expect(empty.response.status).toBe(200);
    expect(empty.body).toContain("`http://food.localhost/search?q=…`");
  });

  it("a content page: its sanitised HTML as markdown", async () => {
    const { body } = await markdownOf("/page/about-us");
    expect(body).toMatch(/^# About us\n\n/);
    expect(body).toContain("\n- Spices are roasted and ground in-house every week.\n");
    expect(body).toContain("[hello@spiceroutekitchen.in](mailto:hello@spiceroutekitchen.in)");
    expect(body).not.toMatch(/<\/?[a-z]/);
  });

  it("by its address with .md, whatever Accept says, its links to other text pages keeping the .md", async () => {
    const { body } = await markdownOf("/category/pizzas.md", FOOD, BROWSER);
    expect(body).toContain("(http://food.localhost/product/margherita-pizza.md)");
    expect(body).toContain("[The category's page, for the shopper](http://food.localhost/category/pizzas)");
    expect((await markdownOf("/search.md?q=dosa", FOOD, {})).body).toMatch(/^# Search\n/);
  });

  it("in an offered language under its prefix, with the store's content as it is", async () => {
    const { body } = await markdownOf("/hi/product/margherita-pizza");
    expect(body).toMatch(/^# Margherita Pizza\n\n- कीमत: ₹199 से ₹449\n/);
    expect(body).toContain("(http://food.localhost/hi/category/pizzas)");
  });

  it("answers a HEAD as its GET, without the body", async () => {
    const head = await request(FOOD, "/product/margherita-pizza", { method: "HEAD", headers: MARKDOWN });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(await head.text()).toBe("");
  });
});

describe("which answer a request gets", () => {
  it.each([
    ["text/markdown", "text/markdown"],
    ["text/markdown, text/html;q=0.9", "text/markdown"],
    ["text/html;q=0.9, text/markdown", "text/markdown"],
    ["text/markdown;q=0.5, text/html", "text/html"],
    [BROWSER.Accept, "text/html"],
    ["*/*", "text/html"],
  ])("Accept: %s gets %s", async (accept, type) => {
    const response = await get("/product/paneer-tikka", { Accept: accept });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(new RegExp(`^${type.replace("/", "\\/")}`));
    await response.body?.cancel();
  });

  it("the other pages answer HTML as before, and vary by no Accept", async () => {
    for (const path of ["/", "/cart", "/product/reviews/26", "/llms.md"]) {
      const response = await get(path);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(response.headers.get("Vary") ?? "", path).not.toContain("Accept");
      await response.body?.cancel();
    }
  });

  it("a form posted to a page with a text form is the page's, not markdown", async () => {
    const response = await request(FOOD, "/search?q=x", { method: "POST", headers: { ...MARKDOWN, Origin: `http://${FOOD}` } });
    expect(response.headers.get("Content-Type") ?? "").not.toMatch(/markdown/);
    await response.body?.cancel();
  });
});

describe("what is not there, and junk", () => {
  it.each([
    "/product/no-such-dish",
    "/category/no-such-category",
    "/page/no-such-page",
    "/product/not_a_slug",
    "/product/%00",
    "/page/..%2F..",
  ])("%s is a 404 in markdown, leading to llms.txt", async (path) => {
    const { response, body } = await markdownOf(path);
    expect(response.status).toBe(404);
    expect(body).toBe(
      "# Page not found\n\nThe page you are looking for does not exist or has moved.\n\n- [What this store offers agents](http://food.localhost/llms.txt)\n",
    );
  });

  it.each([
    "/category/curries?page=-1&per_page=9999&sort=cheapest&rating=7&min_price=abc&max_price=-5&available=yes",
    "/category/curries?filter=nocolon&filter=&filter=%00:%00&branch_id=99999999999999999999",
    "/category/curries?branch_id=-1&branch_id=2&page=1e9",
    "/search?q=%00%3Cscript%3E%5B%5D(x)&page=NaN",
    `/search?q=${"x".repeat(5000)}`,
    "/search?q=***&sort[]=1",
    "/product/margherita-pizza?branch_id=abc",
    "/page/about-us?q=%FF%FE",
  ])("%s answers markdown, never a 5xx", async (path) => {
    const { response } = await markdownOf(path);
    expect(response.status).toBe(200);
  });

  it("a filter value the store does not have is the API's 400, in markdown", async () => {
    const { response, body } = await markdownOf("/category/curries?filter=colour:Red");
    expect(response.status).toBe(400);
    expect(body).toMatch(/^# The store could not answer this\n\n.*colour:Red/);
  });
});

describe("the page cache", () => {
  it("keeps the markdown and the HTML of one address apart, each answering only its own format", async () => {
    const path = fresh("/product/paneer-tikka");
    const first = await get(path);
    expect([first.headers.get("X-Page-Cache"), first.headers.get("Content-Type")]).toEqual(["miss", "text/markdown; charset=utf-8"]);
    const markdown = await first.text();
    const html = await get(path, BROWSER);
    expect([html.headers.get("X-Page-Cache"), html.headers.get("Content-Type")]).toEqual(["miss", "text/html; charset=utf-8"]);
    expect(html.headers.get("Vary")).toBe("Cookie, Save-Data, Accept");
    const page = await html.text();
    const again = await get(path);
    expect([again.headers.get("X-Page-Cache"), again.headers.get("Content-Type")]).toEqual(["hit", "text/markdown; charset=utf-8"]);
    expect(again.headers.get("Vary")).toBe("Accept");
    expect(await again.text()).toBe(markdown);
    const htmlAgain = await get(path, BROWSER);
    expect([htmlAgain.headers.get("X-Page-Cache"), htmlAgain.headers.get("Content-Type")]).toEqual(["hit", "text/html; charset=utf-8"]);
    expect(await htmlAgain.text()).toContain("<!DOCTYPE html>");
    expect(page).toContain("<!DOCTYPE html>");
  });

  it("keeps one markdown for every visitor: a shopper's cookies neither change nor bypass it", async () => {
    const path = fresh("/category/pizzas");
    const anonymous = await (await get(path)).text();
    const shopper = await get(path, { ...MARKDOWN, Cookie: "guest_id=0123456789abcdef0123456789abcdef; cart_count=3; branch_id=2" });
    expect(shopper.headers.get("X-Page-Cache")).toBe("hit");
    expect(shopper.headers.get("Set-Cookie")).toBeNull();
    expect(await shopper.text()).toBe(anonymous);
  });

  it("keeps the address's form and branch apart", async () => {
    const path = fresh("/product/mutton-biryani");
    await (await get(path)).text();
    const other = await markdownOf(`${path}&branch_id=3`);
    expect(other.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(other.body).toContain("Jayanagar");
    const suffixed = await markdownOf(path.replace("mutton-biryani", "mutton-biryani.md"));
    expect(suffixed.response.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("keeps no 404", async () => {
    await (await get("/product/still-no-such-dish")).text();
    expect((await get("/product/still-no-such-dish")).headers.get("X-Page-Cache")).toBe("bypass");
  });
});

describe("/llms.txt", () => {
  it("names the store, how to shop it as an agent, and its categories and pages as markdown", async () => {
    const response = await request(FOOD, "/llms.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const body = await response.text();
    expect(body).toMatch(/^# Spice Route Kitchen\n\n> Order North and South Indian favourites/);
    expect(body).toContain("- MCP server (Streamable HTTP): [http://food.localhost/api/mcp](http://food.localhost/api/mcp)");
    // Every tool the MCP server lists, and no other.
    const { result } = await json<{ result: { tools: { name: string }[] } }>(await mcp("tools/list", {}));
    expect([...body.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).sort()).toEqual(result.tools.map((tool) => tool.name).sort());
    expect(body).toContain("Accept: text/markdown");
    expect(body).toContain("- [Biryani](http://food.localhost/category/biryani.md)\n");
    expect(body).toContain("- [Dosa & South Indian](http://food.localhost/category/south-indian.md)\n");
    expect(body).toContain("- [About us](http://food.localhost/page/about-us.md)\n");
  });

  it("says when the store takes no agents' MCP requests, and its pages then link no MCP server", async () => {
    const path = fresh("/page/about-us");
    expect((await markdownOf(path)).body).toContain("/api/mcp");
    await setSetting(foodId, "agentsEnable", "false");
    try {
      const body = await (await request(FOOD, "/llms.txt")).text();
      expect(body).toContain("This store does not take agents' MCP requests.");
      expect(body).not.toContain("/api/mcp");
      expect(body).not.toContain("create_cart");
      expect(body).toContain("- [About us](http://food.localhost/page/about-us.md)\n");
      // The store's markers moved: the page kept a moment ago is written again.
      const page = await markdownOf(path);
      expect(page.response.headers.get("X-Page-Cache")).toBe("miss");
      expect(page.body).not.toContain("/api/mcp");
    } finally {
      await setSetting(foodId, "agentsEnable", null);
    }
  });
});

describe("another store's host", () => {
  it("sees its own store, in its own language and currency", async () => {
    const { body } = await markdownOf("/product/essential-cotton-t-shirt", RETAIL);
    expect(body).toMatch(/^# Essential Cotton T-Shirt\n\n- Preis: 24,95 €/);
    expect(body).toContain("(http://retail.localhost/api/mcp)");
    expect(body).not.toContain("food.localhost");
    expect((await markdownOf("/en/product/essential-cotton-t-shirt", RETAIL)).body).toContain("- Price: 24,95 €");
    const llms = await (await request(RETAIL, "/llms.txt")).text();
    expect(llms).toMatch(/^# Northwind Outfitters\n/);
    expect(llms).toContain("(http://retail.localhost/category/t-shirts.md)");
    expect(llms).not.toMatch(/food|biryani/i);
  });

  it("finds none of another store's products or pages", async () => {
    expect((await get("/product/margherita-pizza", MARKDOWN, RETAIL)).status).toBe(404);
    expect((await get("/page/about-us", MARKDOWN, RETAIL)).status).toBe(404);
  });
});

describe("the MCP server's resources", () => {
  it("are the store's content pages as markdown", async () => {
    const response = await mcp("resources/read", { uri: "http://food.localhost/page/about-us" });
    const { result } = await json<{ result: { contents: { mimeType: string; text: string }[] } }>(response);
    expect(result.contents[0]!.mimeType).toBe("text/markdown");
    expect(result.contents[0]!.text).toMatch(/^# About us\n\n/);
    expect(result.contents[0]!.text).not.toMatch(/<\/?[a-z]/);
  });
});
