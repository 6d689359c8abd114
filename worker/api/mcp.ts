import type { Context } from "hono";
import { message } from "../../commerce/i18n/message";
import { agentModule } from "../agent-module";
import type { AppEnv } from "../app-env";
import { clientAddress } from "../http/client-address";
import { ApiError, tooManyRequests } from "../http/errors";
import { inWorkerApi } from "../http/in-worker-api";
import { storeSite } from "../tenancy/tenant-origin";

/** The limiter's window in seconds (wrangler.toml, AGENT_LIMITER). */
const WINDOW_SECONDS = 60;

/**
 * POST /api/mcp: the store's MCP server (decision 089), in the agents' module, imported on first use. It reaches the
 * store through this API only, in this Worker, as a guest of its own: the agent's own headers never reach it, so no
 * customer session, store key or cookie an agent sends is ever read. Counted per client and store (AGENT_LIMITER).
 */
export async function answerAgent(c: Context<AppEnv>, dispatch: (request: Request) => Promise<Response>): Promise<Response> {
  requireAgentsOn(c);
  const { success } = await c.env.AGENT_LIMITER.limit({ key: `${c.var.tenant.id}:${clientAddress(c.req.raw)}` });
  if (!success) tooManyRequests(WINDOW_SECONDS);
  const { answerMcp } = await agentModule();
  const { origin } = storeSite(c.req.url);
  return answerMcp(c.req.raw, origin, inWorkerApi(c, dispatch));
}

/** Stateless (decision 089): no stream to open (GET) and no session to end (DELETE); MCP clients take 405 to mean so. */
export function mcpMethodNotAllowed(c: Context<AppEnv>): never {
  requireAgentsOn(c);
  throw new ApiError(405, "method_not_allowed", message("errors.method_not_allowed"), undefined, { Allow: "POST" });
}

function requireAgentsOn(c: Context<AppEnv>) {
  if (!c.var.tenant.settings.agents) throw new ApiError(404, "agents_off", message("errors.agents_off"));
}
