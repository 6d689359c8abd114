import type { Env } from "../env";
import { d1Outbox } from "./d1-outbox";
import { webhookOutbox } from "./webhook-outbox";

/** A text or mail to one shopper of one store. */
export interface Message {
  tenantId: number;
  channel: "sms" | "email";
  /** A phone number (digits with an optional leading +) or an email address. */
  to: string;
  /** Mails only. */
  subject?: string;
  /** Plain text. */
  body: string;
}

/** Where messages go. `send` resolves once the transport has accepted the message, and throws if it did not. */
export interface Outbox {
  send(message: Message): Promise<void>;
}

/**
 * The configured transport: the HTTPS provider when `MESSAGES_URL` is set (production), else the D1 outbox that
 * /dev/outbox shows (local demos and tests).
 */
export function outboxFor(env: Env): Outbox {
  if (env.MESSAGES_URL) return webhookOutbox(env.MESSAGES_URL, env.MESSAGES_TOKEN ?? "");
  return d1Outbox(env.DB);
}
