/**
 * The agents' module (decision 089): what the Worker imports on an agent's first request (worker/agent-module.ts),
 * built apart by scripts/build-agent-module.ts. It reaches the store only through the store's API (store-client.ts),
 * so it holds no state of the Worker's own.
 */
export { answerMcp } from "./mcp-server";
export { answerText } from "./text/answer-text";
export { isTextRequest } from "./text/text-request";
