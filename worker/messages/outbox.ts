import type { Env } from "../env";
import { d1Outbox } from "./d1-outbox";
import type { Outbox } from "./message";
import { webhookOutbox } from "./webhook-outbox";

/**
 * The configured transport: the HTTPS provider when `MESSAGES_URL` is set (production), else the D1 outbox that
 * /dev/outbox shows (local demos and tests).
 */
export function outboxFor(env: Env): Outbox {
  if (env.MESSAGES_URL) return webhookOutbox(env.MESSAGES_URL, env.MESSAGES_TOKEN ?? "");
  return d1Outbox(env.DB);
}
