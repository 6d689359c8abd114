import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { changeContactDetails, UNDO_DAYS, undoContactChange } from "../accounts/contact-change";
import { type CustomerDetails, customerDetails } from "../accounts/customers";
import { email, password, personName, phone } from "../accounts/fields";
import { passwordChangeSteps, passwordMatches } from "../accounts/password-change";
import { updateDetails } from "../accounts/profile";
import { isToken } from "../accounts/tokens";
import type { AppEnv } from "../app-env";
import { namedBatch } from "../db/batch";
import { ApiError, SESSION_ENDED } from "../http/errors";
import { replaceAvatar } from "../media/avatars";
import { tellOfContactChange, tellOfPasswordChange } from "./account-notices";
import { customerOf } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { pepperOf, reserveOrRefuse, type SignInAnswer, signedInAnswer, signInAnswerOf } from "./sign-in-answer";
import { validate } from "./validate";

/**
 * The signed-in customer's own details, password and avatar (spec section 7: user/update-details, user/change-avatar;
 * user/change-password and undo-contact-change are ours). A session alone changes the name and the picture; the email,
 * phone and password need the current password too, end every other session, and are told to the old email and phone
 * with a way back (a stolen session is not an account).
 */

export const updateDetailsBody = z.object({
  name: personName,
  email,
  phone,
  /** Needed when the email or phone changes. */
  current_password: z.optional(z.string().check(z.maxLength(128))),
});

/** The link's token from the mail or text an email or phone change sent to the old ones, and a new password. */
export const undoContactChangeBody = z.object({ token: z.string().check(z.maxLength(200)), password });

export const UNDO_LINK_REFUSED = message("errors.undo_link_refused", { days: UNDO_DAYS });
export const UNDO_TAKEN = message("errors.undo_taken");

/** multipart/form-data with one file field, `avatar`; its bytes are checked by content (worker/media/image-type.ts). */
export const changeAvatarBody = z.object({ avatar: z.instanceof(File, { error: issueId("errors.choose_image") }) });

function sessionEnded(): never {
  throw new ApiError(401, "unauthenticated", SESSION_ENDED);
}

/** The current password proves it is the customer, not someone at a device they left signed in. */
export const changePasswordBody = z.object({
  current_password: z.string().check(z.minLength(1, issueId("errors.enter_current_password")), z.maxLength(128)),
  password,
});

export const CURRENT_PASSWORD_WRONG = message("errors.current_password_wrong");
export const CURRENT_PASSWORD_NEEDED = message("errors.current_password_needed");

/**
 * 422 naming the field unless `password` is the customer's current one. Each check reserves a try against the account
 * first (the same limit as signing in), so a stolen session cannot guess it faster than a stranger.
 */
async function requireCurrentPassword(
  o: OriginContext,
  customer: ReturnType<typeof customerOf>,
  password: string | undefined,
): Promise<void> {
  if (!password)
    throw new ApiError(422, "invalid_credentials", CURRENT_PASSWORD_NEEDED, [
      { path: "current_password", message: CURRENT_PASSWORD_NEEDED },
    ]);
  const release = await reserveOrRefuse(o, [{ kind: "account", value: `customer:${customer.customerId}` }]);
  if (!(await passwordMatches(o.env.DB, o.tenant.id, customer.customerId, password, pepperOf(o)))) {
    throw new ApiError(422, "invalid_credentials", CURRENT_PASSWORD_WRONG, [{ path: "current_password", message: CURRENT_PASSWORD_WRONG }]);
  }
  await release();
}

function taken(what: "email" | "phone"): never {
  const text = what === "email" ? message("errors.email_taken") : message("errors.phone_taken");
  throw new ApiError(409, "account_exists", text, [{ path: what, message: text }]);
}

/** POST /api/user/update-details: the name at once; a new email or phone with the current password, told to the old ones. */
export async function updateDetailsOf(o: OriginContext, body: z.output<typeof updateDetailsBody>): Promise<CustomerDetails> {
  const customer = customerOf(o);
  const tenantId = o.tenant.id;
  const { current_password, ...change } = body;
  const current = (await customerDetails(o.env.DB, tenantId, customer.customerId)) ?? sessionEnded();
  if (change.email === current.email && change.phone === current.phone) {
    const outcome = await updateDetails(o.env.DB, tenantId, customer.customerId, change);
    if (outcome.ok) return outcome.user;
    return "gone" in outcome ? sessionEnded() : taken(outcome.taken);
  }
  await requireCurrentPassword(o, customer, current_password);
  const outcome = await changeContactDetails(o.env.DB, tenantId, customer, current, change);
  if (!outcome.ok) return "gone" in outcome ? sessionEnded() : taken(outcome.taken);
  await tellOfContactChange(o, outcome.changed.old, outcome.changed.undoToken);
  return outcome.changed.user;
}

/** POST /api/user/change-password: a new password, with the current one; every other session ends. */
export async function changePasswordOf(o: OriginContext, body: z.output<typeof changePasswordBody>): Promise<{ ok: true }> {
  const customer = customerOf(o);
  const tenantId = o.tenant.id;
  await requireCurrentPassword(o, customer, body.current_password);
  await namedBatch(
    o.env.DB,
    await passwordChangeSteps(o.env.DB, tenantId, customer.customerId, body.password, pepperOf(o), customer.token),
  );
  const details = await customerDetails(o.env.DB, tenantId, customer.customerId);
  if (details) await tellOfPasswordChange(o, customer.customerId, details);
  return { ok: true };
}

/** POST /api/undo-contact-change: the old email and phone back with a new password, and the owner signed in. */
export async function undoContactChangeOf(o: OriginContext, body: z.output<typeof undoContactChangeBody>): Promise<SignInAnswer> {
  const outcome = isToken(body.token)
    ? await undoContactChange(o.env.DB, o.tenant.id, body.token, body.password, pepperOf(o), o.shopperFor(true))
    : ({ ok: false, invalid: true } as const);
  if (outcome.ok) return signInAnswerOf(outcome.signedIn);
  if ("taken" in outcome) throw new ApiError(409, "account_exists", UNDO_TAKEN);
  throw new ApiError(422, "invalid_token", UNDO_LINK_REFUSED);
}

/** POST /api/user/change-avatar: a new picture, checked by its bytes. */
export async function changeAvatarOf(o: OriginContext, body: z.output<typeof changeAvatarBody>): Promise<CustomerDetails> {
  const customer = customerOf(o);
  const bytes = new Uint8Array(await body.avatar.arrayBuffer());
  const outcome = await replaceAvatar(o.env, o.tenant.id, customer.customerId, bytes);
  if (!outcome.ok) {
    if ("gone" in outcome) sessionEnded();
    throw new ApiError(422, "invalid_image", outcome.message, [{ path: "avatar", message: outcome.message }]);
  }
  return (await customerDetails(o.env.DB, o.tenant.id, customer.customerId)) ?? sessionEnded();
}

export const profileApi = new Hono<AppEnv>()
  .post("/user/update-details", validate("json", updateDetailsBody), async (c) =>
    c.json(await updateDetailsOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post("/user/change-password", validate("json", changePasswordBody), async (c) =>
    c.json(await changePasswordOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post("/undo-contact-change", validate("json", undoContactChangeBody), async (c) =>
    signedInAnswer(c, await undoContactChangeOf(originContextOf(c), c.req.valid("json")), 200),
  )
  .post("/user/change-avatar", validate("form", changeAvatarBody), async (c) =>
    c.json(await changeAvatarOf(originContextOf(c), c.req.valid("form")), 200, PRIVATE_ANSWER),
  );
