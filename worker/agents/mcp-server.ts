import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type CallApi, StoreClient } from "./store-client";
import { registerStoreResources } from "./store-resources";
import { registerCartTools } from "./tools/cart-tools";
import { registerCatalogTools } from "./tools/catalog-tools";
import { registerCheckoutTools } from "./tools/checkout-tools";

const INSTRUCTIONS =
  "This is one store's own server. Find products with search_catalog or list_categories, read one with get_product " +
  "(its options and add-ons), then create_cart and update_cart with the ids it gives. Prices, stock and carts are per " +
  "branch (list_branches). You cannot pay: create_checkout gives a link for the shopper to open and pay in their own " +
  "browser. Amounts are in the currency's minor units. The store's own pages are resources.";

/**
 * Answers one MCP request over Streamable HTTP without a session of the protocol's (decision 089): any isolate may
 * take an agent's next request, so nothing is kept between requests; the cart id the agent holds is its session.
 * Answers are JSON, not a stream: every tool answers at once.
 */
export async function answerMcp(request: Request, origin: string, callApi: CallApi): Promise<Response> {
  const store = new StoreClient(callApi, origin);
  const server = new McpServer(
    { name: new URL(origin).host, version: "1.0.0" },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  registerCatalogTools(server, store);
  registerCartTools(server, store);
  registerCheckoutTools(server, store);
  registerStoreResources(server, store);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
