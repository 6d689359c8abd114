import { Hono } from "hono";
import type { H } from "hono/types";
import type { AppEnv } from "./app-env";
import { deskModule } from "./desk-module";

type DeskHandlers = Awaited<ReturnType<typeof deskModule>>["deskHandlers"];

/** The desk's handler of that name, from its module, which the first /admin request imports (decision 092). */
const desk =
  (name: keyof DeskHandlers): H<AppEnv> =>
  async (c, next) =>
    (await deskModule()).deskHandlers[name](c, next);

/**
 * The owner's desk's route table (decision 083), in the Worker so that its addresses are known without the desk's
 * module: everything past a route is the module's. Every page needs a signed-in member of the store's staff except
 * the sign-in page.
 */
export const deskRoutes = new Hono<AppEnv>()
  .use(desk("deskIdentity"))
  .get("/login", desk("loginPage"))
  .post("/login", desk("login"))
  .post("/logout", desk("logout"))
  .use(desk("signedInOnly"))
  .get("/", desk("home"))
  .get("/catalogue", desk("cataloguePage"))
  .get("/today", desk("todayPage"))
  .get("/orders", desk("ordersBoardPage"))
  .get("/orders/:id", desk("orderPage"))
  .post("/orders/:id/status", desk("moveOrder"))
  .get("/order-updates", desk("deskOrderUpdates"))
  .get("/stock", desk("storeScopeOnly"), desk("stockPage"))
  .post("/stock", desk("storeScopeOnly"), desk("setStockAtDesk"))
  .get("/switches", desk("storeScopeOnly"), desk("switchesPage"))
  .post("/switches", desk("storeScopeOnly"), desk("switchAtDesk"))
  .all("*", desk("notFound"));

deskRoutes.onError(async (error, c) => (await deskModule()).onDeskError(error, c));
