import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Staff, StoreActor } from "../../commerce/store-actor";
import type { AppEnv } from "../app-env";
import { findStaffSession } from "../staff/staff-sessions";
import { clearCookieHeader, DESK_SESSION_COOKIE, readDeskSession, setCookieHeader } from "../visitor/cookies";

/**
 * Who works the desk (decision 083), resolved once per desk request from the desk's own cookie, which browsers send to
 * /admin only: `c.var.staff`, a signed-in staff member of this store, or null. A shopper's session never counts here,
 * nor a store key, and a member's cookie means nothing on another store's host.
 */
export const deskIdentity = createMiddleware<AppEnv>(async (c, next) => {
  const token = readDeskSession(c.req.header("Cookie"));
  c.set("staff", token ? await findStaffSession(c.env.DB, c.var.tenant.id, token) : null);
  await next();
});

/** The signed-in member of a request the desk's guard let through (desk-module.ts). */
export function staffOf(c: Context<AppEnv>): Staff {
  const staff = c.var.staff;
  if (!staff) throw new Error("a desk page ran without the sign-in guard");
  return staff;
}

/** The member as the domain functions take who acts for the store. */
export function actorOf(staff: Staff): StoreActor {
  return { kind: "staff", staffId: staff.id, role: staff.role };
}

/** The Set-Cookie header that keeps a new desk session. */
export const deskSessionCookie = (token: string): string => setCookieHeader(DESK_SESSION_COOKIE, token);

/** The Set-Cookie header that drops the desk session. */
export const endedDeskSessionCookie = (): string => clearCookieHeader(DESK_SESSION_COOKIE);
