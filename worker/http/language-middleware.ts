import { createMiddleware } from "hono/factory";
import { callerLanguageOf } from "../../commerce/i18n/request-language";
import type { AppEnv } from "../app-env";
import { devToolsOn } from "../dev-tools";

/**
 * Sets `c.var.language` for every API call of a store, once: the language of its `Accept-Language` the store speaks,
 * else the store's own (commerce/i18n/request-language.ts). Refusals and sent messages read it from there; a page's call
 * has its page's language instead (worker/load-context.ts).
 */
export const languageMiddleware = createMiddleware<AppEnv>(async function language(c, next) {
  c.set("language", callerLanguageOf(c.req.header("Accept-Language"), c.var.tenant?.settings ?? null, devToolsOn(c.env)));
  await next();
});
