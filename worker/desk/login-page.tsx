import type { Context } from "hono";
import * as z from "../../commerce/zod";
import { email } from "../accounts/fields";
import type { AppEnv } from "../app-env";
import { clientAddress } from "../http/client-address";
import { signInStaff } from "../staff/staff-sign-in";
import { readDeskForm } from "./desk-form";
import { deskSessionCookie, endedDeskSessionCookie } from "./desk-identity";
import { DeskPage, deskResponse } from "./desk-page";
import { type DeskView, deskViewOf } from "./desk-view";

/** Where a member lands after signing in, unless the sign-in page was asked for on the way to another desk page. */
export const DESK_HOME = "/admin/orders";

/** A desk address to go back to after signing in: a path on the desk only, so the form cannot send anyone elsewhere. */
export function deskReturnPath(text: string | undefined | null): string {
  return text && /^\/admin(\/[A-Za-z0-9/_-]*)?$/.test(text) && !text.startsWith("/admin/login") ? text : DESK_HOME;
}

const loginForm = z.object({
  email,
  // Any length a password may have had: signing in checks, choosing one has the rules.
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  next: z.optional(z.string().check(z.maxLength(200))),
});

interface LoginState {
  message?: string;
  email?: string;
  next: string;
  notice?: string;
}

function LoginPage({ view, state }: { view: DeskView; state: LoginState }) {
  const { t } = view;
  return (
    <DeskPage view={view} title={t("desk.login_title")}>
      {state.notice ? <p role="status">{state.notice}</p> : null}
      <p>{t("desk.login_intro")}</p>
      <form method="post" action="/admin/login" className="stack" noValidate>
        {state.message ? (
          <p role="alert" id="login-problem" className="problem">
            {state.message}
          </p>
        ) : null}
        <input type="hidden" name="next" value={state.next} />
        <label>
          {t("desk.email")}
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={state.email}
            aria-describedby={state.message ? "login-problem" : undefined}
          />
        </label>
        <label>
          {t("desk.password")}
          <input type="password" name="password" autoComplete="current-password" required maxLength={128} />
        </label>
        <button type="submit">{t("desk.sign_in")}</button>
      </form>
    </DeskPage>
  );
}

/** GET /admin/login: the form; a member already signed in goes on to the desk. */
export function loginPage(c: Context<AppEnv>): Response {
  const view = deskViewOf(c);
  const next = deskReturnPath(c.req.query("next"));
  if (view.staff) return c.redirect(next, 303);
  const notice = c.req.query("signed_out") === "1" ? view.t("desk.signed_out") : undefined;
  return deskResponse(<LoginPage view={view} state={{ next, notice }} />);
}

/** POST /admin/login: signs the member in (the shoppers' guessing limits), or shows the form again with why not. */
export async function login(c: Context<AppEnv>): Promise<Response> {
  const view = deskViewOf(c);
  const { t } = view;
  const form = await readDeskForm(c, view, loginForm);
  if (!form.ok) return deskResponse(<LoginPage view={view} state={{ message: form.message, next: DESK_HOME }} />, 422);
  const next = deskReturnPath(form.data.next);
  const pepper = c.env.PASSWORD_PEPPER;
  if (!pepper) return deskResponse(<LoginPage view={view} state={{ message: t("desk.not_configured"), next }} />, 503);
  const outcome = await signInStaff(c.env.DB, c.var.tenant.id, form.data, clientAddress(c.req.raw), pepper);
  if (outcome.ok) return new Response(null, { status: 303, headers: { Location: next, "Set-Cookie": deskSessionCookie(outcome.token) } });
  const state = { email: form.data.email, next };
  if (outcome.retryAfterSeconds === undefined)
    return deskResponse(<LoginPage view={view} state={{ ...state, message: t("desk.sign_in_refused") }} />, 422);
  const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
  return deskResponse(<LoginPage view={view} state={{ ...state, message: t("desk.too_many_tries", { minutes }) }} />, 429, {
    "Retry-After": String(outcome.retryAfterSeconds),
  });
}

/** The Set-Cookie header and address of a sign-out: back to the sign-in page, which says so. */
export function signedOutResponse(): Response {
  return new Response(null, { status: 303, headers: { Location: "/admin/login?signed_out=1", "Set-Cookie": endedDeskSessionCookie() } });
}
