import { message } from "../../commerce/i18n/message";
import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import { d1Outbox } from "./d1-outbox";
import type { Outbox } from "./message";
import { webhookOutbox } from "./webhook-outbox";

/**
 * The configured transport: the HTTPS relay when `MESSAGES_URL` is set (production); the D1 outbox that /dev/outbox
 * shows only for a local run (`DEV_TOOLS=1`, or `MESSAGES_OUTBOX=d1` where a test suite reads the table); else none,
 * and a deployed Worker says so rather than keeping codes where nobody reads them (decision 043).
 */
export function outboxFor(env: Env): Outbox | null {
  if (env.MESSAGES_URL) return webhookOutbox(env.MESSAGES_URL, env.MESSAGES_TOKEN ?? "");
  if (devToolsOn(env) || env.MESSAGES_OUTBOX === "d1") return d1Outbox(env.DB);
  return null;
}

/** What a shopper asking for a code or a reset link is told when no transport is set up. */
export const MESSAGES_NOT_SET_UP = message("errors.messages_not_set_up");
