import type { Translate } from "../../commerce/i18n/catalogue";
import type { Destination } from "./destination";
import type { Message } from "./message";

/*
 * The texts and mails sent to a shopper, in `t`'s language: the language of the request that caused them (the page's,
 * or an HTTP caller's: commerce/i18n/request-language.ts). `site` names the store by the host the shopper uses.
 */

/** The text (or mail) carrying a sign-in code. */
export function signInCodeMessage(
  t: Translate,
  tenantId: number,
  destination: Destination,
  code: string,
  site: string,
  minutes: number,
): Message {
  const body = t("sent.sign_in_code", { code, site, minutes });
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: t("sent.sign_in_code_subject", { site }), body };
}

/** The mail with a password-reset link. */
export function resetLinkMessage(t: Translate, tenantId: number, email: string, link: string, site: string, minutes: number): Message {
  return {
    tenantId,
    channel: "email",
    to: email,
    subject: t("sent.reset_link_subject", { site }),
    body: t("sent.reset_link", { site, minutes, link }),
  };
}

/** To the old email or phone of an account whose email or phone was just changed: what happened, and the way back. */
export function contactChangedMessage(
  t: Translate,
  tenantId: number,
  destination: Destination,
  link: string,
  site: string,
  days: number,
): Message {
  const body = t("sent.contact_changed", { site, days, link });
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: t("sent.contact_changed_subject", { site }), body };
}

/** To the email and phone of an account whose password was just changed: what happened, and a reset link if it was not them. */
export function passwordChangedMessage(
  t: Translate,
  tenantId: number,
  destination: Destination,
  link: string,
  site: string,
  minutes: number,
): Message {
  const body = t("sent.password_changed", { site, minutes, link });
  return destination.kind === "phone"
    ? { tenantId, channel: "sms", to: destination.value, body }
    : { tenantId, channel: "email", to: destination.value, subject: t("sent.password_changed_subject", { site }), body };
}
