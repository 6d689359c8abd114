import type { Context } from "hono";
import { FAILURE_WINDOW_SECONDS, type FailureKey, tooManyFailures } from "../accounts/auth-failures";
import type { SignedIn } from "../accounts/customers";
import type { AppEnv } from "../env";
import { ApiError, tooManyRequests } from "./errors";

/** What every call that checks a secret shares: the pepper, the guessing limit, and the answer that signs in. */

/** The Worker secret mixed into passwords and codes; without it accounts are off (503), never open. */
export function pepperOf(c: Context<AppEnv>): string {
  const pepper = c.env.PASSWORD_PEPPER;
  if (!pepper) throw new ApiError(503, "not_configured", "Accounts are not available in this store yet.");
  return pepper;
}

/**
 * The client a guess is counted against: the address Cloudflare saw (pages forward their visitor's on every origin
 * call, worker/origin/origin-client.ts), with `scope` keeping one kind of guessing apart from another.
 */
export function guessingClient(c: Context<AppEnv>, scope = ""): FailureKey {
  return { kind: "client", value: `${scope}${c.req.header("CF-Connecting-IP") ?? "unknown"}` };
}

/** 429 before anything is checked while any key has had too many failures in its window (worker/accounts/auth-failures). */
export async function refuseWhileGuessing(c: Context<AppEnv>, keys: FailureKey[]): Promise<void> {
  if (await tooManyFailures(c.env.DB, c.var.tenant.id, keys)) tooManyRequests(FAILURE_WINDOW_SECONDS);
}

/** A session opened (register, login, login-otp, a reset): its token for the client, and the customer. */
export function signedInAnswer(c: Context<AppEnv>, signedIn: SignedIn, status: 200 | 201) {
  return c.json({ token: signedIn.token, user: signedIn.user }, status, { "Cache-Control": "no-store" });
}
