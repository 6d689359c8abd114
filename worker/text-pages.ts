import type { Context } from "hono";
import { translatorOf } from "../commerce/i18n/translators";
import type { PageLanguage } from "../commerce/languages";
import { agentModule } from "./agent-module";
import { api } from "./api";
import type { AppEnv } from "./app-env";
import { inWorkerApi } from "./http/in-worker-api";
import { storeSite } from "./tenancy/tenant-origin";

/**
 * What writes a page as text for an agent, or null for the page's HTML: `/llms.txt`, and a page with a markdown form
 * asked for by its `.md` address or with an Accept that prefers markdown (decision 091). Only a request that names
 * markdown, `.md` or llms.txt, which no browser's does, imports the agents' module to decide, and to write the answer
 * through the store's own API. The answer is the same for every visitor: the Worker keeps it in the page cache under
 * `textPageKey`.
 */
export async function textPage(c: Context<AppEnv>, language: PageLanguage): Promise<(() => Promise<Response>) | null> {
  const path = c.req.path.slice(language.prefix.length);
  const accept = c.req.header("Accept");
  // One test of the path and Accept together: a `.md` address, llms.txt, or an Accept that names markdown.
  if (!/\.md\n|^\/llms\.txt\n|markdown/i.test(`${path}\n${accept}`)) return null;
  const agents = await agentModule();
  if (!agents.isTextRequest(c.req.method, path, accept)) return null;
  const dispatch = async (request: Request) => api.fetch(request, c.env, c.executionCtx);
  const { origin } = storeSite(c.req.url);
  return () => agents.answerText(c.req.url, origin, language.prefix, inWorkerApi(c, dispatch), translatorOf(language.messages));
}
