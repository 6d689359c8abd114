import { Hono } from "hono";
import { z } from "zod";
import { findCustomerId } from "../accounts/customers";
import { email, password } from "../accounts/fields";
import { issueResetToken, RESET_MINUTES, resetPassword } from "../accounts/password-resets";
import { isToken } from "../accounts/tokens";
import type { AppEnv } from "../app-env";
import { deliver } from "../messages/deliver";
import { destinationKey } from "../messages/destination";
import { resetLinkMessage } from "../messages/texts";
import { storeSite } from "../tenancy/tenant-origin";
import { ApiError } from "./errors";
import { claimMessage } from "./message-limits";
import { originContextOf } from "./origin-context";
import { requireMessages } from "./require-messages";
import { pepperOf, signedInAnswer } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * Forgot password (spec section 7): `send-forgot-password-email` mails a link to /forgot-password?token=… when the
 * email is an account's (the answer is the same either way); `verify-forgot-password` sets the new password with the
 * link's token, signs every session out and answers a new one, as `/api/login` does.
 */

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().max(200), password });

export const RESET_LINK_SENT = `If an account exists for that email, we have sent a link to choose a new password. It works for ${RESET_MINUTES} minutes.`;
export const RESET_LINK_REFUSED = "This reset link has expired or was already used. Ask for a new one.";

export const passwordResetApi = new Hono<AppEnv>()
  .post("/send-forgot-password-email", validate("json", forgotPasswordBody), async (c) => {
    requireMessages(originContextOf(c));
    const tenantId = c.var.tenant.id;
    const destination = { kind: "email", value: c.req.valid("json").email } as const;
    await claimMessage(originContextOf(c), destinationKey(destination), "reset");
    const customerId = await findCustomerId(c.env.DB, tenantId, destination);
    if (customerId !== null) {
      const token = await issueResetToken(c.env.DB, tenantId, customerId);
      const site = storeSite(c.req.url);
      const link = `${site.origin}/forgot-password?token=${token}`;
      await deliver(c.env, resetLinkMessage(tenantId, destination.value, link, site.host, RESET_MINUTES));
    }
    return c.json({ ok: true, message: RESET_LINK_SENT }, 200, { "Cache-Control": "no-store" });
  })
  .post("/verify-forgot-password", validate("json", resetPasswordBody), async (c) => {
    const pepper = pepperOf(originContextOf(c));
    const body = c.req.valid("json");
    const signedIn = isToken(body.token)
      ? await resetPassword(c.env.DB, c.var.tenant.id, body.token, body.password, pepper, c.var.shopper)
      : null;
    if (!signedIn) throw new ApiError(422, "invalid_token", RESET_LINK_REFUSED);
    return signedInAnswer(c, signedIn, 200);
  });
