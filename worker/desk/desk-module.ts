import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { H } from "hono/types";
import type { AppEnv } from "../app-env";
import { errorAnswer } from "../http/errors";
import { endStaffSession } from "../staff/staff-sessions";
import { cataloguePage } from "./catalogue-page";
import { deskIdentity } from "./desk-identity";
import { deskMessage } from "./desk-message";
import { deskViewOf } from "./desk-view";
import { DESK_HOME, login, loginPage, signedOutResponse } from "./login-page";
import { moveOrder } from "./order-move";
import { orderPage } from "./order-page";
import { deskOrderUpdates } from "./order-updates";
import { ordersBoardPage } from "./orders-board";
import { setStockAtDesk } from "./stock-action";
import { stockPage } from "./stock-page";
import { storeScopeOnly } from "./store-scope";
import { switchAtDesk, switchesPage } from "./switches-page";
import { todayPage } from "./today/today-page";

/**
 * The owner's desk (decision 083) as the module the Worker imports on the first /admin request (decision 092): its
 * pages, drawn apart from the storefront's Remix build, and built apart from the Worker's script by
 * scripts/build-desk-module.ts, so an isolate that only serves shoppers never compiles them. The route table stays in
 * the Worker (worker/desk-routes.ts); every page needs a signed-in member of the store's staff except the sign-in page,
 * and what a member may do is the domain functions' to refuse by their role.
 */

/** Anyone not signed in is sent to sign in, and comes back to the page they asked for. */
const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.staff) return next();
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    return c.redirect(`/admin/login?next=${encodeURIComponent(c.req.path)}`, 303);
  }
  // A form sent after the session ended: nothing is done, and the member signs in again.
  return deskMessage(c, 401, "desk.login_title", (t) => t("desk.signed_out"));
});

async function logout(c: Context<AppEnv>): Promise<Response> {
  if (c.var.staff) await endStaffSession(c.env.DB, c.var.tenant.id, c.var.staff.token);
  return signedOutResponse();
}

function onDeskError(error: Error, c: Context<AppEnv>): Response {
  // The form reader's refusal of a body no form sends (desk-form.ts), already an answer.
  if (error instanceof HTTPException && error.res) {
    error.res.headers.set("Cache-Control", "no-store");
    return error.res;
  }
  const answer = errorAnswer(error, deskViewOf(c).language);
  if (!answer) {
    console.error("desk error", c.req.method, c.req.path, error);
    return deskMessage(c, 500, "desk.nav_label", (t) => t("errors.internal"));
  }
  return deskMessage(c, answer.status, "desk.nav_label", () => answer.body.message, answer.headers);
}

/** Every handler of the desk (a page, a form's action, or a guard that calls `next`), by the name the route table gives it. */
export const deskHandlers = {
  deskIdentity,
  loginPage,
  login,
  logout,
  signedInOnly,
  home: (c: Context<AppEnv>) => c.redirect(DESK_HOME, 303),
  cataloguePage,
  todayPage,
  ordersBoardPage,
  orderPage,
  moveOrder,
  deskOrderUpdates,
  storeScopeOnly,
  stockPage: (c: Context<AppEnv>) => stockPage(c),
  setStockAtDesk,
  switchesPage,
  switchAtDesk,
  notFound: (c: Context<AppEnv>) => deskMessage(c, 404, "desk.nav_label", (t) => t("desk.page_not_found")),
} satisfies Record<string, H<AppEnv>>;

export { onDeskError };
