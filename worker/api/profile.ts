import { Hono } from "hono";
import { z } from "zod";
import { customerDetails } from "../accounts/customers";
import { email, password, personName, phone } from "../accounts/fields";
import { changePassword } from "../accounts/password-change";
import { updateDetails } from "../accounts/profile";
import type { AppEnv } from "../env";
import { replaceAvatar } from "../media/avatars";
import { customerOf } from "./customer";
import { ApiError } from "./errors";
import { PRIVATE_ANSWER } from "./private-answer";
import { SESSION_ENDED } from "./shopper-middleware";
import { pepperOf, reserveOrRefuse } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * The signed-in customer's own details, password and avatar (spec section 7: user/update-details, user/change-avatar;
 * user/change-password is ours: a password change ends every other session).
 */

export const updateDetailsBody = z.object({ name: personName, email, phone });

/** multipart/form-data with one file field, `avatar`; its bytes are checked by content (worker/media/image-type.ts). */
export const changeAvatarBody = z.object({ avatar: z.instanceof(File, { error: "Choose an image to upload." }) });

function sessionEnded(): never {
  throw new ApiError(401, "unauthenticated", SESSION_ENDED);
}

/** The current password proves it is the customer, not someone at a device they left signed in. */
export const changePasswordBody = z.object({ current_password: z.string().min(1, "Enter your current password.").max(128), password });

export const CURRENT_PASSWORD_WRONG = "That is not your current password.";

export const profileApi = new Hono<AppEnv>()
  .post("/user/update-details", validate("json", updateDetailsBody), async (c) => {
    const customer = customerOf(c);
    const outcome = await updateDetails(c.env.DB, c.var.tenant.id, customer.customerId, c.req.valid("json"));
    if (outcome.ok) return c.json(outcome.user, 200, PRIVATE_ANSWER);
    if ("gone" in outcome) sessionEnded();
    const what = outcome.taken === "email" ? "email address" : "phone number";
    throw new ApiError(409, "account_exists", `Another account already uses this ${what}.`, [
      { path: outcome.taken, message: `Another account already uses this ${what}.` },
    ]);
  })
  .post("/user/change-password", validate("json", changePasswordBody), async (c) => {
    const customer = customerOf(c);
    const tenantId = c.var.tenant.id;
    const body = c.req.valid("json");
    // Guessing the current password from a session left open is limited like guessing at sign-in.
    const release = await reserveOrRefuse(c, [{ kind: "account", value: `customer:${customer.customerId}` }]);
    if (!(await changePassword(c.env.DB, tenantId, customer, body.current_password, body.password, pepperOf(c)))) {
      throw new ApiError(422, "invalid_credentials", CURRENT_PASSWORD_WRONG, [
        { path: "current_password", message: CURRENT_PASSWORD_WRONG },
      ]);
    }
    await release();
    return c.json({ ok: true as const }, 200, PRIVATE_ANSWER);
  })
  .post("/user/change-avatar", validate("form", changeAvatarBody), async (c) => {
    const customer = customerOf(c);
    const bytes = new Uint8Array(await c.req.valid("form").avatar.arrayBuffer());
    const outcome = await replaceAvatar(c.env, c.var.tenant.id, customer.customerId, bytes);
    if (!outcome.ok) {
      if ("gone" in outcome) sessionEnded();
      throw new ApiError(422, "invalid_image", outcome.message, [{ path: "avatar", message: outcome.message }]);
    }
    const user = await customerDetails(c.env.DB, c.var.tenant.id, customer.customerId);
    return user ? c.json(user, 200, PRIVATE_ANSWER) : sessionEnded();
  });
