/** Where a store answers AI agents (decision 089): its MCP server, on the store's own host. */
export const MCP_PATH = "/api/mcp";
