import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { storeUrl } from "./helpers";
import { loopbackFetch } from "./loopback-fetch";

/** A tool's answer as the client SDK gives it. */
export interface ToolAnswer {
  isError?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON answer, read by path in the assertions
  structuredContent?: Record<string, any>;
  content: { type: string; text: string }[];
}

/** An assistant connected to a store's MCP server with the official client SDK, as `npm start` serves it. */
export async function connectAgent(host: string): Promise<Client> {
  const client = new Client({ name: "storefront-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(storeUrl(host, "/api/mcp")), { fetch: loopbackFetch() }));
  return client;
}

/** Calls a tool and answers its result, failing the test when the tool refused. */
export async function toolOk(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  expect(answer.isError, `${name}: ${answer.content[0]?.text}`).toBeFalsy();
  return answer;
}
