import { afterAll, describe, expect, it } from "vitest";
import { register } from "./accounts-helpers";
import { json, request, viaCloudflare } from "./request";
import { setSetting } from "./settings-helpers";

// The store's MCP server (decision 089), spoken to as an MCP client does over Streamable HTTP: one JSON-RPC message per
// POST. tests/e2e/agent-shopping.test.ts drives it with the official client SDK against `npm start`.

const FOOD = "food.localhost";
const RETAIL = "retail.localhost";
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

let ids = 0;
async function rpc(
  host: string,
  method: string,
  params: unknown,
  init: { headers?: Record<string, string>; client?: ReturnType<typeof viaCloudflare> } = {},
) {
  const client = init.client ?? viaCloudflare();
  const response = await request(host, "/api/mcp", {
    method: "POST",
    cf: client.cf,
    headers: { ...MCP_HEADERS, ...client.headers, ...init.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++ids, method, params }),
  });
  return response;
}

interface ToolResult {
  isError?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON answer, read by path in the assertions
  structuredContent?: Record<string, any>;
  content: { type: string; text: string }[];
}

async function call(name: string, args: unknown, host = FOOD, headers: Record<string, string> = {}): Promise<ToolResult> {
  const response = await rpc(host, "tools/call", { name, arguments: args }, { headers });
  expect(response.status).toBe(200);
  const body = await json<{ result?: ToolResult; error?: { code: number; message: string } }>(response);
  if (!body.result) throw new Error(`tools/call ${name}: ${JSON.stringify(body.error)}`);
  return body.result;
}

const THALI = { item: { id: "build-your-own-thali" }, quantity: 1 };
const CURRIES = { group_id: 1570, value_ids: [1575, 1576] };
const BREADS = { group_id: 1571, value_ids: [1580] };

afterAll(() => setSetting(1, "agentsEnable", null));

describe("POST /api/mcp", () => {
  it("initializes without a session of the protocol's, saying what the store is for", async () => {
    const response = await rpc(FOOD, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Mcp-Session-Id")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const { result } = await json<{
      result: { protocolVersion: string; serverInfo: { name: string }; instructions: string; capabilities: object };
    }>(response);
    expect(result.protocolVersion).toBe("2025-06-18");
    expect(result.serverInfo.name).toBe(FOOD);
    expect(result.instructions).toMatch(/create_checkout/);
    expect(result.capabilities).toMatchObject({ tools: {}, resources: {} });
  });

  it("lists UCP's tools and the store's own, each with a description and an object schema", async () => {
    const { result } = await json<{ result: { tools: { name: string; description: string; inputSchema: { type: string } }[] } }>(
      await rpc(FOOD, "tools/list", {}),
    );
    expect(result.tools.map((t) => t.name).sort()).toEqual(
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
    for (const tool of result.tools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
    }
  });

  it("finds products, priced in minor units at the branch asked for, with options and add-on rules", async () => {
    const found = await call("search_catalog", { catalog: { query: "thali" } });
    expect(found.isError).toBeUndefined();
    const thali = found.structuredContent!.products.find((p: { handle: string }) => p.handle === "build-your-own-thali");
    expect(thali).toMatchObject({ has_options: true, url: "http://food.localhost/product/build-your-own-thali" });
    expect(thali.price_range.min.currency).toBe("INR");

    const { product } = (await call("get_product", { catalog: { id: "build-your-own-thali" } })).structuredContent!;
    expect(product.add_on_groups.find((g: { id: number }) => g.id === 1570)).toMatchObject({
      name: "Curries",
      min_select: 2,
      max_select: 3,
    });
    const listed = (await call("search_catalog", { catalog: { query: "", filters: { categories: ["pizzas"] }, pagination: { limit: 2 } } }))
      .structuredContent!;
    expect(listed.products).toHaveLength(2);
    expect(listed.pagination).toMatchObject({ has_next_page: true, cursor: "2" });
  });

  it("refuses an add as the cart does, with the shopper's message, then carries a cart through its changes", async () => {
    const refused = await call("create_cart", { cart: { line_items: [{ ...THALI, selected_add_ons: [BREADS] }] } });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe("Please select at least 2 options for Curries");
    expect(refused.structuredContent!.messages[0]).toMatchObject({ type: "error", code: "invalid_options" });

    const created = (await call("create_cart", { cart: { branch_id: 2, line_items: [{ ...THALI, selected_add_ons: [CURRIES, BREADS] }] } }))
      .structuredContent!.cart;
    expect(created.id).toMatch(/^[0-9a-f]{32}\.2$/);
    expect(created.line_items).toHaveLength(1);
    expect(created.line_items[0]).toMatchObject({ quantity: 1, item: { id: "15" }, selected_add_ons: [CURRIES, BREADS] });

    const line = created.line_items[0].id;
    const updated = (
      await call("update_cart", {
        id: created.id,
        cart: { line_items: [{ id: line, ...THALI, quantity: 3, selected_add_ons: [CURRIES, BREADS] }], fulfillment: { type: "pickup" } },
      })
    ).structuredContent!.cart;
    expect(updated.line_items[0].quantity).toBe(3);
    expect(updated.fulfillment.type).toBe("pickup");
    expect((await call("get_cart", { id: created.id })).structuredContent!.cart.line_items[0].quantity).toBe(3);

    const tooMany = await call("update_cart", { id: created.id, cart: { line_items: [{ id: line, ...THALI, quantity: 500 }] } });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.content[0]!.text).not.toBe("");

    const emptied = (await call("cancel_cart", { id: created.id })).structuredContent!.cart;
    expect(emptied.line_items).toEqual([]);
  });

  it("answers bad input to every tool as a tool error, never an HTTP error", async () => {
    const { result } = await json<{ result: { tools: { name: string }[] } }>(await rpc(FOOD, "tools/list", {}));
    const junk: unknown[] = [
      undefined,
      null,
      5,
      "x",
      [],
      {},
      { id: { $gt: "" } },
      { catalog: "x".repeat(5000) },
      { id: "a".repeat(70) },
      { cart_id: "../../etc" },
    ];
    for (const tool of result.tools) {
      for (const args of junk) {
        const response = await rpc(FOOD, "tools/call", { name: tool.name, arguments: args });
        expect(response.status, `${tool.name} ${JSON.stringify(args)}`).toBeLessThan(500);
        const body = await json<{ result?: ToolResult; error?: { code: number } }>(response);
        if (body.result)
          expect(body.result.isError === true || tool.name.startsWith("list_"), `${tool.name} ${JSON.stringify(args)}`).toBe(true);
        else expect(body.error!.code).toBe(-32602);
      }
    }
    const unknownTool = await json<{ result?: ToolResult; error?: { code: number } }>(
      await rpc(FOOD, "tools/call", { name: "place_order", arguments: {} }),
    );
    expect(unknownTool.result?.isError ?? unknownTool.error !== undefined).toBe(true);
  });

  it("never reaches another store's cart nor a customer's session the agent's request carries", async () => {
    const cart = (await call("create_cart", { cart: { line_items: [{ ...THALI, selected_add_ons: [CURRIES, BREADS] }] } }))
      .structuredContent!.cart;
    // The same id at another store is another store's guest: an empty cart there.
    expect((await call("get_cart", { id: cart.id }, RETAIL)).structuredContent!.cart.line_items).toEqual([]);

    const { signedIn } = await register();
    const asCustomer = await call("create_cart", { cart: { line_items: [{ ...THALI, selected_add_ons: [CURRIES, BREADS] }] } }, FOOD, {
      Authorization: `Bearer ${signedIn.token}`,
      Cookie: "guest_id=0123456789abcdef0123456789abcdef",
    });
    expect(asCustomer.structuredContent!.cart.id).not.toContain("0123456789abcdef0123456789abcdef");
    const customerCart = await json<{ cartItems: unknown[] }>(
      await request(FOOD, "/api/get-cart", { headers: { Authorization: `Bearer ${signedIn.token}` } }),
    );
    expect(customerCart.cartItems).toEqual([]);
  });

  it("refuses another site's browser, bodies over 64 KiB, GET and DELETE, and a client past 120 requests a minute", async () => {
    expect((await rpc(FOOD, "tools/list", {}, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    const huge = await request(FOOD, "/api/mcp", {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }),
    });
    expect(huge.status).toBe(413);
    for (const method of ["GET", "DELETE"]) {
      const response = await request(FOOD, "/api/mcp", { method, headers: { Accept: "text/event-stream" } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
    // The transport's own refusals are in the API's error shape, with JSON-RPC's error beside it.
    const malformed = await request(FOOD, "/api/mcp", { method: "POST", headers: MCP_HEADERS, body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ code: "invalid_input", jsonrpc: "2.0", error: { code: -32700 } });
    const form = await request(FOOD, "/api/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(form.status).toBe(406);
    expect(await json(form)).toMatchObject({ code: "not_acceptable", message: expect.stringMatching(/text\/event-stream/) });

    const flood = viaCloudflare();
    let throttled: Response | null = null;
    for (let i = 0; i < 250 && !throttled; i++) {
      const response = await rpc(FOOD, "ping", {}, { client: flood });
      if (response.status === 429) throttled = response;
      else expect(response.status).toBe(200);
    }
    expect(throttled, "no 429 within two windows").not.toBeNull();
    expect(throttled!.headers.get("Retry-After")).toBe("60");
    expect((await rpc(FOOD, "ping", {})).status).toBe(200);
  });

  it("is off when the store turns it off", async () => {
    await setSetting(1, "agentsEnable", "false");
    const response = await rpc(FOOD, "tools/list", {});
    expect(response.status).toBe(404);
    expect((await json<{ code: string }>(response)).code).toBe("agents_off");
    await setSetting(1, "agentsEnable", null);
    expect((await rpc(FOOD, "tools/list", {})).status).toBe(200);
  });
});
