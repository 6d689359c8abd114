import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAgent, toolOk } from "./agent-steps";
import { ready, storeUrl, useBrowser, type Variant, visibleText } from "./helpers";
import { asOwnVisitor, FOOD, fillRegistration, follow, newShopper, placeAndPay, submit } from "./shopper-steps";

/**
 * An assistant shops the food store through its MCP server with the official client SDK (decision 089), against the
 * server `npm start` serves: it finds a dish with add-ons, is refused an add without the required ones in the store's
 * words, builds the cart, and hands the shopper a checkout link; the shopper opens it in the browser, with and without
 * JavaScript, signs up on the way to checkout and pays with the test gateway; the assistant then tracks the order.
 */

const JOURNEYS: Variant[] = [
  { name: "JS on, 1280px", js: true, width: 1280 },
  { name: "JS off, 390px", js: false, width: 390 },
];
const CURRIES = { group_id: 1570, value_ids: [1575, 1576] };
const BREADS = { group_id: 1571, value_ids: [1580] };

let agent: Client;
beforeAll(async () => {
  agent = await connectAgent(FOOD);
});
afterAll(() => agent.close());

describe("an assistant's tools", () => {
  it("are UCP's catalogue, cart and checkout tools and the store's two lists, each described with a schema", async () => {
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "cancel_cart",
        "create_cart",
        "create_checkout",
        "get_cart",
        "get_order",
        "get_product",
        "list_branches",
        "list_categories",
        "lookup_catalog",
        "search_catalog",
        "update_cart",
      ].sort(),
    );
    for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
    const { resources } = await agent.listResources();
    expect(resources.map((resource) => resource.name)).toContain("about-us");
  });
});

describe.each(JOURNEYS)("an assistant's cart paid by the shopper ($name)", (variant) => {
  const { open } = useBrowser();

  it("goes from a search to a checkout link the shopper pays, and the assistant tracks the order", async () => {
    const found = await toolOk(agent, "search_catalog", { catalog: { query: "thali" } });
    expect(found.structuredContent!.products.map((p: { handle: string }) => p.handle)).toContain("build-your-own-thali");
    const { product } = (await toolOk(agent, "get_product", { catalog: { id: "build-your-own-thali" } })).structuredContent!;
    expect(product.add_on_groups.map((g: { name: string; min_select: number }) => `${g.name} ${g.min_select}`)).toEqual([
      "Curries 2",
      "Breads 1",
      "Something sweet 0",
    ]);

    // Without the two curries the thali needs: the store's own refusal, as its options drawer says it.
    const refused = (await agent.callTool({
      name: "create_cart",
      arguments: { cart: { line_items: [{ item: { id: "build-your-own-thali" }, quantity: 1, selected_add_ons: [BREADS] }] } },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe("Please select at least 2 options for Curries");

    const { cart } = (
      await toolOk(agent, "create_cart", {
        cart: {
          line_items: [{ item: { id: "build-your-own-thali" }, quantity: 2, selected_add_ons: [CURRIES, BREADS] }],
          fulfillment: { type: "pickup" },
        },
      })
    ).structuredContent!;
    expect(cart.line_items[0].quantity).toBe(2);
    const { checkout } = (await toolOk(agent, "create_checkout", { cart_id: cart.id })).structuredContent!;
    expect(checkout.status).toBe("requires_escalation");
    expect(checkout.continue_url.startsWith(storeUrl(FOOD, "/checkout/continue/"))).toBe(true);

    // The shopper opens the link: what it carries, and one button.
    const shopper = newShopper(variant);
    const { page, tolerateProblem, expectProblem } = await open(checkout.continue_url, variant);
    // This shopper registers: one visitor among many, not one more account from the suite's loopback address.
    await asOwnVisitor(page);
    tolerateProblem(
      /^requestfailed: GET .*\.(svg|js|css|webp|png) net::ERR_ABORTED$/,
      "images and scripts of a page the test leaves mid-load",
    );
    await ready(page, variant);
    await expect(visibleText(page.getByTestId("checkout-link-page"))).resolves.toContain("Build Your Own Thali");
    await follow(page, variant, page.getByTestId("continue-to-checkout"), /\/login\?redirectTo=%2Fcheckout$/);
    await follow(page, variant, page.getByRole("link", { name: "Create an account" }), /\/register\?redirectTo=%2Fcheckout$/);
    await fillRegistration(page, shopper);
    await submit(page, variant, "Create account", "/checkout");
    await page.getByTestId("checkout-page").waitFor();
    await expect(visibleText(page.getByTestId("checkout-item"))).resolves.toMatch(/^Build Your Own Thali × 2/);
    // The pickup the assistant arranged came along: no address is asked for.
    const order = await placeAndPay(page, variant);
    await expect(visibleText(page.getByTestId("order-payment"))).resolves.toBe("Online payment · Paid");

    // The link was used: a second visit says so, and the assistant's cart is empty.
    expectProblem(/^console\.error: Failed to load resource: the server responded with a status of 410/);
    expectProblem(/^http 410: GET http:\/\/food\.localhost:\d+\/checkout\/continue\/[\w-]{43}$/);
    const again = await page.goto(checkout.continue_url);
    expect(again?.status()).toBe(410);
    expect((await toolOk(agent, "get_cart", { id: cart.id })).structuredContent!.cart.line_items).toEqual([]);

    const { order: tracked } = (await toolOk(agent, "get_order", { id: order.id })).structuredContent!;
    expect(tracked).toMatchObject({ number: order.number, status: "placed" });
    expect(tracked.line_items).toEqual([{ title: "Build Your Own Thali", quantity: 2 }]);
    expect(tracked.fulfillment.type).toBe("pickup");
  }, 120_000);
});
