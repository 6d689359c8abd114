import { createMiddleware } from "hono/factory";
import { mayAct } from "../../commerce/store-actor";
import type { AppEnv } from "../app-env";
import { actorOf, staffOf } from "./desk-identity";
import { deskMessage } from "./desk-message";

/**
 * The desk pages that change the store (stock, switches): a member whose role may not (orders) is refused the page and
 * its forms here, before anything is read; the domain functions refuse them all the same (decision 083).
 */
export const storeScopeOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!mayAct(actorOf(staffOf(c)), "store")) return deskMessage(c, 403, "desk.nav_label", (t) => t("desk.owner_only"));
  await next();
});
