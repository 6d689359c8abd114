import { build } from "esbuild";

/**
 * Builds the agents' module (decision 089): the MCP server, its SDK and the pages as text, one ES module that the
 * Worker imports on an agent's first request (worker/agent-module.ts), so an isolate that only serves shoppers never
 * compiles it. Wrangler uploads it beside the Worker's script as it is (`find_additional_modules`, wrangler.toml).
 */
await build({
  entryPoints: ["worker/agents/agent-module.ts"],
  outfile: "worker/lazy/agent-module.mjs",
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "import"],
  // The Worker runs with nodejs_compat: what the SDK reaches of Node is the runtime's own.
  external: ["node:*"],
  legalComments: "none",
  logLevel: "warning",
});
