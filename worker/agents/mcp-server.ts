import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { CallApi } from "../http/in-worker-api";
import { StoreClient } from "./store-client";
import { registerStoreResources } from "./store-resources";
import { registerCartTools } from "./tools/cart-tools";
import { registerCatalogTools } from "./tools/catalog-tools";
import { registerCheckoutTools } from "./tools/checkout-tools";

const INSTRUCTIONS =
  "This is one store's own server. Find products with search_catalog or list_categories, read one with get_product " +
  "(its options and add-ons), then create_cart and update_cart with the ids it gives. Prices, stock and carts are per " +
  "branch (list_branches). You cannot pay: create_checkout gives a link for the shopper to open and pay in their own " +
  "browser. Amounts are in the currency's minor units. The store's own pages are resources.";

/** What one MCP request is answered with (docs/agents.md), as JSON. */
export type McpAnswer = JSONRPCMessage;

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
    const body = await request.text();
    const message = parsed(body);
    const refusal = message === undefined ? null : argumentsRefusal(message);
    if (refusal) return Response.json(refusal, { headers: { "Cache-Control": "no-store" } });
    // The body is read once: the transport takes it parsed, or as text to refuse as JSON-RPC's parse error.
    const answer = await transport.handleRequest(new Request(request, { body }), message === undefined ? {} : { parsedBody: message });
    return answer.ok ? answer : inApiShape(answer);
  } finally {
    await server.close();
  }
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * A tool call whose `arguments` is no object is a wrong call, not the store's failure: JSON-RPC's invalid params
 * (-32602), where the SDK would answer an internal error.
 */
function argumentsRefusal(message: unknown) {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: { arguments?: unknown } };
  if (method !== "tools/call" || params === undefined || params === null || typeof params !== "object") return null;
  const args = params.arguments;
  if (args === undefined || (typeof args === "object" && args !== null && !Array.isArray(args))) return null;
  return { jsonrpc: "2.0", id: id ?? null, error: { code: -32602, message: "Invalid params: a tool's arguments are an object." } };
}

/** The API's codes for what the transport refuses over HTTP (not a tool's refusal, which is a result). */
const HTTP_REFUSALS: Record<number, string> = {
  400: "invalid_input",
  406: "not_acceptable",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/**
 * A refusal of the transport (a body that is no JSON-RPC, an Accept or Content-Type it cannot serve) in the API's one
 * error shape, `{ code, message }` (docs/api.md), with JSON-RPC's error beside it as the transport wrote it, so an MCP
 * client reads its error and any other API client the API's.
 */
async function inApiShape(answer: Response): Promise<Response> {
  const written = (await answer.json().catch(() => null)) as { error?: { message?: string } } | null;
  const message = written?.error?.message ?? answer.statusText ?? "Refused";
  const code = HTTP_REFUSALS[answer.status] ?? "bad_request";
  const headers = new Headers(answer.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify({ code, message, ...written }), { status: answer.status, headers });
}
