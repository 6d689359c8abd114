import type * as z from "zod/mini";
import { loginBody, loginOf, logoutOf, registerBody, registerOf, userDetailsOf } from "../../api/account";
import type { OriginContext } from "../../api/origin-context";
import { forgotPasswordBody, resetPasswordBody, resetPasswordOf, sendResetLinkOf } from "../../api/password-reset";
import {
  changeAvatarBody,
  changeAvatarOf,
  changePasswordBody,
  changePasswordOf,
  undoContactChangeBody,
  undoContactChangeOf,
  updateDetailsBody,
  updateDetailsOf,
} from "../../api/profile";
import { codeSignInBody, loginWithCodeOf, sendCodeBody, sendLoginCodeOf } from "../../api/sign-in-codes";
import { parseInput } from "../../api/validate";
import type { RequestReads } from "./read-once";

/** Accounts a page calls (decision 066): signing in and out, the profile, addresses, branches, rewards. */
export function accountOperations(o: OriginContext, reads: RequestReads) {
  return {
    /** POST /api/register */
    register: (input: z.input<typeof registerBody>) => reads.change(() => registerOf(o, parseInput(registerBody, input))),
    /** POST /api/login */
    login: (input: z.input<typeof loginBody>) => reads.change(() => loginOf(o, parseInput(loginBody, input))),
    /** POST /api/logout */
    logout: () => reads.change(() => logoutOf(o)),
    /** GET /api/user/details */
    userDetails: () => reads.read("user/details", [], () => userDetailsOf(o)),
    /** POST /api/send-login-otp */
    sendLoginOtp: (input: z.input<typeof sendCodeBody>) => reads.change(() => sendLoginCodeOf(o, parseInput(sendCodeBody, input))),
    /** POST /api/login-otp */
    loginOtp: (input: z.input<typeof codeSignInBody>) => reads.change(() => loginWithCodeOf(o, parseInput(codeSignInBody, input))),
    /** POST /api/send-forgot-password-email */
    sendForgotPasswordEmail: (input: z.input<typeof forgotPasswordBody>) =>
      reads.change(() => sendResetLinkOf(o, parseInput(forgotPasswordBody, input))),
    /** POST /api/verify-forgot-password */
    verifyForgotPassword: (input: z.input<typeof resetPasswordBody>) =>
      reads.change(() => resetPasswordOf(o, parseInput(resetPasswordBody, input))),
    /** POST /api/user/update-details */
    updateDetails: (input: z.input<typeof updateDetailsBody>) =>
      reads.change(() => updateDetailsOf(o, parseInput(updateDetailsBody, input))),
    /** POST /api/user/change-password */
    changePassword: (input: z.input<typeof changePasswordBody>) =>
      reads.change(() => changePasswordOf(o, parseInput(changePasswordBody, input))),
    /** POST /api/undo-contact-change */
    undoContactChange: (input: z.input<typeof undoContactChangeBody>) =>
      reads.change(() => undoContactChangeOf(o, parseInput(undoContactChangeBody, input))),
    /** POST /api/user/change-avatar */
    changeAvatar: (input: z.input<typeof changeAvatarBody>) => reads.change(() => changeAvatarOf(o, parseInput(changeAvatarBody, input))),
  };
}
