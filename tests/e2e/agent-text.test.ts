import { describe, expect, it } from "vitest";
import { storeUrl } from "./helpers";
import { loopbackFetch } from "./loopback-fetch";

// The food store's pages as text for agents and its llms.txt (decision 091), fetched over loopback from the server
// `npm start` serves, as an agent's HTTP client would: no browser, the store found by its Host.

const FOOD = "food.localhost";
const fetchStore = loopbackFetch();
const MARKDOWN = { Accept: "text/markdown" };

describe("an agent reading the food store", () => {
  it("gets a product with options as markdown: its combinations' prices and its add-ons' limits", async () => {
    const response = await fetchStore(storeUrl(FOOD, "/product/margherita-pizza"), { headers: MARKDOWN });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept");
    const body = await response.text();
    expect(body).toMatch(/^# Margherita Pizza\n\n- Price: ₹199 to ₹449\n/);
    expect(body).toContain("- Medium / Thin: ₹329\n");
    expect(body).toContain("### Dips\n\nOptional: choose up to 2.\n\n- Garlic dip: ₹25\n");
    expect(body).toContain(`(${storeUrl(FOOD, "/api/mcp")})`);

    const thali = await (await fetchStore(storeUrl(FOOD, "/product/build-your-own-thali"), { headers: MARKDOWN })).text();
    expect(thali).toContain("### Curries\n\nChoose 2 to 3.\n");
  });

  it("is answered the kept markdown next time, and a browser the page's HTML at the same address", async () => {
    const address = storeUrl(FOOD, `/category/pizzas?visit=${crypto.randomUUID()}`);
    const first = await fetchStore(address, { headers: MARKDOWN });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const markdown = await first.text();
    const html = await fetchStore(address, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("vary")).toContain("Accept");
    expect(await html.text()).toContain("<!DOCTYPE html>");
    const again = await fetchStore(address, { headers: MARKDOWN });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(markdown);
  });

  it("finds the store described at /llms.txt, with links that answer markdown to any client", async () => {
    const response = await fetchStore(storeUrl(FOOD, "/llms.txt"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    expect(body).toMatch(/^# Spice Route Kitchen\n\n> /);
    expect(body).toContain(`- MCP server (Streamable HTTP): [${storeUrl(FOOD, "/api/mcp")}]`);
    expect(body).toContain("`create_checkout`");
    const biryani = /\[Biryani\]\(([^)]+)\)/.exec(body)?.[1];
    expect(biryani).toBe(storeUrl(FOOD, "/category/biryani.md"));
    const category = await fetchStore(biryani!);
    expect(category.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await category.text()).toMatch(/^# Biryani\n/);
  });
});
