import { translatorOf } from "../../commerce/i18n/translators";
import { UNDO_DAYS } from "../accounts/contact-change";
import { issueResetToken, RESET_MINUTES } from "../accounts/password-resets";
import { deliver } from "../messages/deliver";
import type { Destination } from "../messages/destination";
import { contactChangedMessage, passwordChangedMessage } from "../messages/texts";
import type { OriginContext } from "./origin-context";

/**
 * What a signed-in change of contact details or password tells the account's owner, at the addresses they had before
 * it: whoever holds a stolen session cannot keep the owner from hearing of it, and each message carries the way back.
 */

function destinations(contact: { email: string; phone: string }): Destination[] {
  return [
    { kind: "email", value: contact.email },
    { kind: "phone", value: contact.phone },
  ];
}

/** The old email and phone hear of the change, with the link that undoes it (/account/undo-change). */
export async function tellOfContactChange(o: OriginContext, old: { email: string; phone: string }, undoToken: string): Promise<void> {
  const site = o.site;
  const link = `${site.origin}/account/undo-change?token=${undoToken}`;
  for (const destination of destinations(old)) {
    await deliver(o.env, contactChangedMessage(translatorOf(o.language), o.tenant.id, destination, link, site.host, UNDO_DAYS));
  }
}

/** The account's email and phone hear of a new password, with a reset link in case it was not the owner. */
export async function tellOfPasswordChange(o: OriginContext, customerId: number, contact: { email: string; phone: string }): Promise<void> {
  const site = o.site;
  const link = `${site.origin}/forgot-password?token=${await issueResetToken(o.env.DB, o.tenant.id, customerId)}`;
  for (const destination of destinations(contact)) {
    await deliver(o.env, passwordChangedMessage(translatorOf(o.language), o.tenant.id, destination, link, site.host, RESET_MINUTES));
  }
}
