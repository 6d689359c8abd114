import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "../../commerce/catalogue-filters";
import { translatorOf } from "../../commerce/i18n/translators";
import { SHIPPED_LANGUAGES } from "../../commerce/languages";
import { currencyFromSettings } from "../../commerce/money";
import { listingText } from "../../worker/agents/text/listing-text";
import { llmsText } from "../../worker/agents/text/llms-text";
import { contentPageText, problemText } from "../../worker/agents/text/page-text";
import { productText } from "../../worker/agents/text/product-text";
import { asksForMarkdown, isTextRequest } from "../../worker/agents/text/text-request";
import { LABELS, label, SENTENCES, sentence, type TextSite } from "../../worker/agents/text/text-site";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import { headingsOf, linksOf, nodesOf } from "./markdown-nodes";

// The pages as text for agents (decision 091): pure renderers of the API's answers, read back by a CommonMark parser.

const ORIGIN = "https://food.example";
const site = (over: Partial<TextSite> = {}): TextSite => ({
  t: translatorOf("en"),
  origin: ORIGIN,
  pages: ORIGIN,
  suffix: "",
  currency: currencyFromSettings({ currencyCode: "INR", locale: "en-IN", decimalPlaces: "2" }),
  agents: true,
  ...over,
});

/** The store's own words, written to break out of their place if they were not escaped. */
const HOSTILE = "Pizza](https://evil.example) # <b>x</b>\n\n## Free";

const pizza: ProductDetail = {
  id: 26,
  name: "Margherita Pizza",
  slug: "margherita-pizza",
  description: "Tomato and basil.\n\nBaked to order.",
  images: [],
  selling_price: 199,
  original_price: 249,
  category: { id: 6, name: "Pizzas", slug: "pizzas" },
  rating: { average_rating: 4.5, rating_count: 12 },
  available: true,
  stock: "low_stock",
  attributes: [
    {
      id: 1,
      name: "Size",
      values: [
        { id: 10, value: "Regular" },
        { id: 11, value: "Large" },
      ],
    },
    {
      id: 2,
      name: "Crust",
      values: [
        { id: 20, value: "Classic" },
        { id: 21, value: "Thin" },
      ],
    },
  ],
  combinations: [
    { ids: [10, 20], price: 199, variant_id: 100 },
    { ids: [11, 20], price: 449, variant_id: 101 },
    { ids: [11, 21], price: 459.5, variant_id: 102 },
  ],
  multi_selectable_attributes: [
    {
      id: 5,
      name: "Dips",
      min_select: 0,
      max_select: 2,
      values: [
        { id: 50, value: "Garlic dip", price: 25, dependencies: [], variant_prices: [] },
        { id: 51, value: "Napkins", price: null, dependencies: [], variant_prices: [] },
        { id: 52, value: "Cheese burst", price: 99, dependencies: [11], variant_prices: [] },
        { id: 53, value: "Extra cheese", price: null, dependencies: [], variant_prices: [{ variant_id: 101, price: 60 }] },
      ],
    },
    {
      id: 6,
      name: "Sides",
      min_select: 1,
      max_select: 1,
      values: [{ id: 60, value: "Salad", price: 0, dependencies: [], variant_prices: [] }],
    },
  ],
};

describe("a product as markdown", () => {
  const markdown = productText(site(), {
    product: pizza,
    branch: { id: 1, name: "Indiranagar" },
    otherBranches: [{ id: 2, name: "Koramangala" }],
  });

  it("says its price range at the branch, original price, stock, rating, category and description", () => {
    expect(markdown).toContain("- Price: ₹199 to ₹459.50\n- Original price: ₹249\n- Prices and stock at: Indiranagar\n");
    expect(markdown).toContain("- Stock: Only a few left\n- Rating: 4.5 out of 5 (12 ratings)\n");
    expect(markdown).toContain(`- Category: [Pizzas](${ORIGIN}/category/pizzas)`);
    expect(markdown).toContain("Tomato and basil.\n\nBaked to order.");
  });

  it("lists each option's values and the price of each combination that can be ordered", () => {
    expect(markdown).toContain("- Size: Regular, Large\n- Crust: Classic, Thin");
    expect(markdown).toContain("- Regular / Classic: ₹199\n- Large / Classic: ₹449\n- Large / Thin: ₹459.50");
  });

  it("gives each add-on group its limits, and each add-on its price and what it needs", () => {
    expect(markdown).toContain("### Dips\n\nOptional: choose up to 2.\n\n- Garlic dip: ₹25\n- Napkins: free\n");
    expect(markdown).toContain("- Cheese burst: ₹99, only with Large\n- Extra cheese: only with Large / Classic (₹60)");
    expect(markdown).toContain("### Sides\n\nChoose exactly 1.\n\n- Salad: free");
  });

  it("links to its page for the shopper, the store's MCP server and its prices at the other branches", () => {
    expect(headingsOf(markdown)).toEqual([
      "# Margherita Pizza",
      "## Options",
      "### Prices of the combinations",
      "## Add-ons",
      "### Dips",
      "### Sides",
      "## At another branch",
      "## Links",
    ]);
    expect(linksOf(markdown)).toEqual([
      ["Pizzas", `${ORIGIN}/category/pizzas`],
      ["Koramangala", `${ORIGIN}/product/margherita-pizza?branch_id=2`],
      ["The product's page, for the shopper", `${ORIGIN}/product/margherita-pizza`],
      ["Shop this store as an agent: its MCP server", `${ORIGIN}/api/mcp`],
    ]);
  });

  it("says a product the branch does not sell is not available there, and one out of stock so", () => {
    const at = (product: Partial<ProductDetail>) =>
      productText(site(), { product: { ...pizza, ...product }, branch: null, otherBranches: [] });
    expect(at({ available: false })).toContain("- Stock: Not available at this branch\n");
    expect(at({ stock: "out_of_stock" })).toContain("- Stock: Out of stock\n");
    expect(at({ stock: null, rating: { average_rating: 0, rating_count: 0 } })).toContain("- Stock: In stock\n- Rating: No ratings yet\n");
  });

  it("keeps the store's words as text: no link, heading or HTML of theirs", () => {
    const hostile = productText(site({ agents: false }), {
      product: {
        ...pizza,
        name: HOSTILE,
        description: HOSTILE,
        category: null,
        attributes: [{ id: 1, name: HOSTILE, values: [{ id: 10, value: HOSTILE }] }],
        combinations: [],
        multi_selectable_attributes: [{ id: 5, name: HOSTILE, min_select: 1, max_select: null, values: [] }],
      },
      branch: { id: 1, name: HOSTILE },
      otherBranches: [],
    });
    expect(nodesOf(hostile).filter((node) => node.type === "html")).toEqual([]);
    expect(linksOf(hostile)).toEqual([["The product's page, for the shopper", `${ORIGIN}/product/margherita-pizza`]]);
    const flat = HOSTILE.replace(/\s+/g, " ");
    expect(headingsOf(hostile)).toEqual([`# ${flat}`, "## Options", "## Add-ons", `### ${flat}`, "## Links"]);
  });

  it("speaks the page's language, its links under the language's prefix", () => {
    const german = productText(site({ t: translatorOf("de"), pages: `${ORIGIN}/de`, suffix: ".md" }), {
      product: pizza,
      branch: null,
      otherBranches: [],
    });
    expect(german).toContain("- Preis: ₹199 bis ₹459.50\n");
    expect(german).toContain(`[Pizzas](${ORIGIN}/de/category/pizzas.md)`);
    expect(german).toContain(`[Die Seite des Produkts, für die Kundschaft](${ORIGIN}/de/product/margherita-pizza)`);
  });
});

describe("a category or search as markdown", () => {
  const card = (id: number, name: string, stock: "in_stock" | "out_of_stock" | null = "in_stock") => ({
    id,
    name,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    image: null,
    category_id: 6,
    selling_price: 199 + id,
    original_price: id === 1 ? 299 : null,
    has_options: id === 1,
    stock,
  });
  const listed = {
    data: [card(1, "Margherita"), card(2, "Farmhouse", "out_of_stock")],
    current_page: 2,
    last_page: 3,
    per_page: 12,
    total: 30,
    total_is_lower_bound: false,
    facets: {
      attributes: [
        {
          key: "diet",
          label: "Diet",
          values: [
            { value: "Veg", selected: true, count: 20, more: false },
            { value: "Non-veg", selected: false, count: 10, more: true },
          ],
        },
      ],
      ratings: [{ min: 4, selected: false, count: 5, more: false }],
      available: { selected: false, count: 28, more: false },
    },
  };
  const query = { ...NO_FILTERS, sort: "price_asc" as const, values: [{ key: "diet", value: "Veg" }] };
  const markdown = listingText(site({ suffix: ".md" }), {
    path: "/search",
    title: "Search",
    count: "30 results for “pizza”",
    q: "pizza",
    query,
    listed,
    branch: { id: 3, name: "Jayanagar" },
    askedBranch: 3,
    empty: "Nothing",
  });

  it("lists each product with its price, original price, stock, options and its own text's link", () => {
    expect(markdown).toContain(
      `- [Margherita](${ORIGIN}/product/margherita.md?branch_id=3): ₹200 · Original price: ₹299 · In stock · options to choose\n` +
        `- [Farmhouse](${ORIGIN}/product/farmhouse.md?branch_id=3): ₹201 · Out of stock`,
    );
  });

  it("links the pages around it, each filter's values, and each order, keeping the text, filters, order and branch", () => {
    const links = Object.fromEntries(linksOf(markdown));
    const base = `${ORIGIN}/search.md?q=pizza`;
    expect(links["Previous page"]).toBe(`${base}&sort=price_asc&filter=diet%3AVeg&branch_id=3`);
    expect(links["Next page"]).toBe(`${base}&sort=price_asc&filter=diet%3AVeg&branch_id=3&page=3`);
    expect(links.Veg).toBe(`${base}&sort=price_asc&branch_id=3`);
    expect(links["Non-veg"]).toBe(`${base}&sort=price_asc&filter=diet%3AVeg&filter=diet%3ANon-veg&branch_id=3`);
    expect(links["4★ & up"]).toBe(`${base}&sort=price_asc&rating=4&filter=diet%3AVeg&branch_id=3`);
    expect(links["Available at Jayanagar"]).toBe(`${base}&sort=price_asc&available=1&filter=diet%3AVeg&branch_id=3`);
    expect(links.Relevance).toBe(`${base}&filter=diet%3AVeg&branch_id=3`);
    expect(links["Price: low to high"]).toBeUndefined();
    expect(markdown).toContain("Page 2 of 3 · [Previous page]");
    expect(markdown).toContain("- Diet: [Veg](");
    expect(markdown).toContain(") (chosen), [Non-veg](");
    expect(markdown).toContain(") (10+)");
    expect(markdown).toContain("**Price: low to high**");
  });

  it("says so when nothing is listed", () => {
    const empty = listingText(site(), {
      path: "/category/pizzas",
      title: "Pizzas",
      count: "0 products",
      query: NO_FILTERS,
      listed: { ...listed, data: [], current_page: 1, last_page: 1, total: 0, facets: null },
      branch: null,
      askedBranch: null,
      empty: "There are no products in this category yet.",
      shopperPage: { label: "The category's page, for the shopper", path: "/category/pizzas" },
    });
    expect(empty).toContain("0 products\n\nThere are no products in this category yet.\n\n## Narrow the list");
    expect(empty).not.toContain("Page 1");
    expect(linksOf(empty).at(-2)).toEqual(["The category's page, for the shopper", `${ORIGIN}/category/pizzas`]);
  });
});

describe("a content page as markdown", () => {
  it("is its title and its HTML as markdown, with its own address", () => {
    const markdown = contentPageText(site(), {
      id: 1,
      slug: "about-us",
      title: "About <us>",
      content: '<p>Since <strong>2016</strong>. <a href="/page/terms">Terms</a></p>',
    });
    expect(markdown).toBe(
      [
        "# About \\<us\\>",
        `Since **2016**. [Terms](${ORIGIN}/page/terms)`,
        "## Links",
        `- [This page, for the shopper](${ORIGIN}/page/about-us)\n- [Shop this store as an agent: its MCP server](${ORIGIN}/api/mcp)\n`,
      ].join("\n\n"),
    );
  });

  it("and a missing page says so, leading to what the store offers", () => {
    const t = translatorOf("en");
    expect(problemText(site(), t("common.not_found_title"), t("common.not_found_text"))).toBe(
      `# Page not found\n\nThe page you are looking for does not exist or has moved.\n\n- [What this store offers agents](${ORIGIN}/llms.txt)\n`,
    );
  });
});

describe("llms.txt", () => {
  const store = {
    name: "Spice Route Kitchen",
    description: "",
    categories: [{ name: "Pizzas", slug: "pizzas" }],
    pages: [{ title: "About us", slug: "about-us" }],
  };

  it("names the store, its MCP server and tools, that the shopper pays, and its pages as markdown", () => {
    const body = llmsText(site({ suffix: ".md" }), store);
    expect(body.split("\n").slice(0, 3)).toEqual(["# Spice Route Kitchen", "", expect.stringMatching(/^> An online store\./)]);
    expect(body).toContain(`- MCP server (Streamable HTTP): [${ORIGIN}/api/mcp](${ORIGIN}/api/mcp)`);
    for (const tool of [
      "search_catalog",
      "lookup_catalog",
      "get_product",
      "list_categories",
      "list_branches",
      "create_cart",
      "get_cart",
      "update_cart",
      "cancel_cart",
      "create_checkout",
      "get_order",
    ]) {
      expect(body).toContain(`\`${tool}\``);
    }
    expect(body).toContain("The agent never pays");
    expect(body).toContain("Accept: text/markdown");
    expect(headingsOf(body)).toEqual(["# Spice Route Kitchen", "## Shop as an agent", "## Pages as markdown", "## Categories", "## Pages"]);
    expect(linksOf(body).slice(1)).toEqual([
      ["Pizzas", `${ORIGIN}/category/pizzas.md`],
      ["About us", `${ORIGIN}/page/about-us.md`],
    ]);
  });

  it("says when the store takes no agents, and then names no tool", () => {
    const body = llmsText(site({ agents: false, suffix: ".md" }), { ...store, description: "Biryani # and [more](x)" });
    expect(body).toContain("> Biryani \\# and \\[more\\](x)\n");
    expect(body).toContain("This store does not take agents' MCP requests.");
    expect(body).not.toContain("/api/mcp");
    expect(body).not.toContain("search_catalog");
  });
});

describe("our own words", () => {
  it.each(SHIPPED_LANGUAGES)("are all in %s", (language) => {
    const inLanguage = site({ t: translatorOf(language) });
    for (const name of LABELS) expect(label(inLanguage, name), name).not.toBe("");
    for (const name of SENTENCES) expect(sentence(inLanguage, name), name).not.toBe("");
  });
});

describe("Accept", () => {
  it.each([
    ["text/markdown", true],
    ["text/markdown, text/html", true],
    ["text/html, text/markdown", true],
    ["text/markdown;q=0.9, text/html;q=0.8", true],
    ["text/markdown, */*", true],
    ["TEXT/MARKDOWN; charset=utf-8", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", false],
    ["*/*", false],
    ["", false],
    ["text/markdown;q=0, text/html", false],
    ["text/markdown;q=0.5, text/html", false],
    ["text/markdown;q=0.5, text/*", false],
    ["text/markdown;q=0.5, text/html;q=0.4, */*", true],
    ["text/markdown;q=junk", false],
    [",,;;q=,", false],
  ])("%j asks for markdown: %s", (accept, markdown) => {
    expect(asksForMarkdown(accept)).toBe(markdown);
  });
});

describe("a request for text", () => {
  it.each([
    ["GET", "/product/margherita-pizza", "text/markdown", true],
    ["HEAD", "/category/pizzas", "text/markdown", true],
    ["GET", "/search", "text/markdown", true],
    ["GET", "/page/about-us.md", undefined, true],
    ["GET", "/search.md", "text/html", true],
    ["GET", "/llms.txt", undefined, true],
    ["GET", "/product/margherita-pizza", "text/html, text/markdown;q=0.5", false],
    ["POST", "/product/margherita-pizza", "text/markdown", false],
    ["GET", "/", "text/markdown", false],
    ["GET", "/cart", "text/markdown", false],
    ["GET", "/product/reviews/26", "text/markdown", false],
    ["GET", "/llms.txt.md", undefined, false],
  ])("%s %s with Accept %j: %s", (method, path, accept, text) => {
    expect(isTextRequest(method, path, accept)).toBe(text);
  });
});
