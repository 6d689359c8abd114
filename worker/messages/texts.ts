import type { Destination } from "./destination";
import type { Message } from "./message";

/** The text (or mail) carrying a sign-in code. `site` names the store by the host the shopper uses. */
export function signInCodeMessage(tenantId: number, destination: Destination, code: string, site: string, minutes: number): Message {
  const body = `${code} is your sign-in code for ${site}. It works once, for ${minutes} minutes. If you did not ask for it, ignore this message.`;
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: `Your sign-in code for ${site}`, body };
}

/** The mail with a password-reset link. */
export function resetLinkMessage(tenantId: number, email: string, link: string, site: string, minutes: number): Message {
  return {
    tenantId,
    channel: "email",
    to: email,
    subject: `Reset your password for ${site}`,
    body: [
      `Someone asked to reset the password of your account at ${site}. To choose a new password, open this link within ${minutes} minutes:`,
      "",
      link,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}
