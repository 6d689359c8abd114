/**
 * The agents' module (decision 089), built apart by scripts/build-agent-module.ts and imported on first use: the MCP
 * SDK and the agents' tools are over 80 KB gzip, which every shopper's isolate would otherwise compile at start-up.
 * Imported from this folder only: wrangler leaves an import of `./lazy/*.mjs` as it is written (wrangler.toml's rule),
 * and the module's name is its path below this folder.
 */
export function agentModule(): Promise<typeof import("./agents/agent-module")> {
  return import("./lazy/agent-module.mjs");
}
