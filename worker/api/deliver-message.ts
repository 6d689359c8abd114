import type { Context } from "hono";
import type { AppEnv, Env } from "../env";
import type { Message } from "../messages/message";
import { MESSAGES_NOT_SET_UP, outboxFor } from "../messages/outbox";
import { ApiError } from "./errors";

/**
 * Refuses a call whose whole point is a message (a sign-in code, a reset link) when no transport is set up, before
 * anything is counted or issued: the shopper is told, not promised a message that never comes.
 */
export function requireMessages(c: Context<AppEnv>): void {
  if (!outboxFor(c.env)) throw new ApiError(503, "messages_not_set_up", MESSAGES_NOT_SET_UP);
}

/**
 * Hands a message to the configured outbox. A transport failure is logged, not answered: the answer must be the same whether or
 * not there was an account to send to, and the shopper can ask again once the send gap has passed. Without a
 * transport a notice (an order's, a changed contact's) is logged as not sent; the owner's doctor names the gap.
 */
export async function deliver(env: Env, message: Message): Promise<void> {
  const outbox = outboxFor(env);
  if (!outbox) {
    console.error("message not sent: messages are not set up", message.channel);
    return;
  }
  try {
    await outbox.send(message);
  } catch (error) {
    console.error("message not delivered", message.channel, error);
  }
}
