import type { Context } from "hono";
import { translatorOf } from "../commerce/i18n/translators";
import type { PageLanguage } from "../commerce/languages";
import { agentModule } from "./agent-module";
import { api } from "./api";
import type { AppEnv } from "./app-env";
import { inWorkerApi } from "./http/in-worker-api";
import { cachedPage, cachedPageResponse, cacheRenderedPage } from "./page-cache/page-cache";
import { textPageKey } from "./page-cache/page-key";
import { storeSite } from "./tenancy/tenant-origin";

/**
 * A page as text for an agent, or null for the page's HTML: `/llms.txt`, and a page with a markdown form asked for by its
 * `.md` address or with an Accept that prefers markdown (decision 091). Only a request that names markdown or `.md` or
 * llms.txt, which no browser's does, imports the agents' module to decide, and to write the answer through the store's
 * own API. The answer is the same for every visitor: the page cache keeps it under a key of its own format.
 */
export async function textAnswer(c: Context<AppEnv>, language: PageLanguage, buildVersion: string): Promise<Response | null> {
  const path = c.req.path.slice(language.prefix.length);
  const accept = c.req.header("Accept");
  if (!/markdown/i.test(accept ?? "") && !/\.md$|^\/llms\.txt$/.test(path)) return null;
  const agents = await agentModule();
  if (!agents.isTextRequest(c.req.method, path, accept)) return null;
  const key = textPageKey(c.req.raw, c.var.tenant, buildVersion);
  const kept = await cachedPage(key);
  if (kept) return cachedPageResponse(kept, c.var.cspNonce);
  const dispatch = (request: Request) => Promise.resolve(api.fetch(request, c.env, c.executionCtx));
  const { origin } = storeSite(c.req.url);
  const answer = await agents.answerText(c.req.url, origin, language.prefix, inWorkerApi(c, dispatch), translatorOf(language.messages));
  return cacheRenderedPage(key, answer, { nonce: c.var.cspNonce, connectSources: [] }, (promise) => c.executionCtx.waitUntil(promise));
}
