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

/** To the old email or phone of an account whose email or phone was just changed: what happened, and the way back. */
export function contactChangedMessage(tenantId: number, destination: Destination, link: string, site: string, days: number): Message {
  const body = [
    `The email address or phone number of your account at ${site} was just changed.`,
    `If it was not you, open this link within ${days} days to put them back, choose a new password and sign everyone else out:`,
    "",
    link,
  ].join("\n");
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: `Your contact details at ${site} were changed`, body };
}

/** To the email and phone of an account whose password was just changed: what happened, and a reset link if it was not them. */
export function passwordChangedMessage(tenantId: number, destination: Destination, link: string, site: string, minutes: number): Message {
  const body = [
    `The password of your account at ${site} was just changed, and every other device signed out.`,
    `If it was not you, choose a new password within ${minutes} minutes with this link:`,
    "",
    link,
  ].join("\n");
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: `Your password at ${site} was changed`, body };
}
