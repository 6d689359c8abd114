import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";

/** A request to the Worker with some of its settings changed (a deployed Worker's, a local run's), its work done. */
export async function fetchWith(request: Request, settings: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, ...settings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
