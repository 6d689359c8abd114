import type { Context } from "hono";
import { translatorOf } from "../commerce/i18n/translators";
import type { PageLanguage } from "../commerce/languages";
import { agentModule } from "./agent-module";
import { api } from "./api";
import type { AppEnv } from "./app-env";
import { inWorkerApi } from "./http/in-worker-api";
import { asksForMarkdown } from "./http/markdown-accept";
import { cachedPage, cachedPageResponse, cacheRenderedPage } from "./page-cache/page-cache";
import { textPageKey } from "./page-cache/page-key";
import { storeSite } from "./tenancy/tenant-origin";

/** The pages with a markdown form (decision 091), below the language's prefix; `.md` after one asks for it by address. */
const TEXT_PAGE = /^\/(?:(?:product|category|page)\/[^/]+?|search)(\.md)?$/;

/** Whether a page's address also answers markdown: its HTML then varies by `Accept`. */
export const hasTextForm = (path: string, language: PageLanguage): boolean => TEXT_PAGE.test(path.slice(language.prefix.length));

/**
 * A page as text for an agent, or null for the page's HTML: `/llms.txt`, and a text page's address asked for with
 * `Accept: text/markdown` or with `.md`. Written by the agents' module through the store's own API; the same for every
 * visitor, so kept by the page cache under a key of its own format (decision 091).
 */
export async function textAnswer(c: Context<AppEnv>, language: PageLanguage, buildVersion: string): Promise<Response | null> {
  const path = c.req.path.slice(language.prefix.length);
  const page = TEXT_PAGE.exec(path);
  // Hono answers a HEAD as its GET, without the body.
  if (!/^(?:GET|HEAD)$/.test(c.req.method) || !(path === "/llms.txt" || (page && (page[1] || asksForMarkdown(c.req.header("Accept"))))))
    return null;
  const key = textPageKey(c.req.raw, c.var.tenant, buildVersion);
  const kept = await cachedPage(key);
  if (kept) return cachedPageResponse(kept, c.var.cspNonce);
  const { answerText } = await agentModule();
  const dispatch = (request: Request) => Promise.resolve(api.fetch(request, c.env, c.executionCtx));
  const { origin } = storeSite(c.req.url);
  const answer = await answerText(c.req.url, origin, language.prefix, inWorkerApi(c, dispatch), translatorOf(language.messages));
  return cacheRenderedPage(key, answer, { nonce: c.var.cspNonce, connectSources: [] }, (promise) => c.executionCtx.waitUntil(promise));
}
