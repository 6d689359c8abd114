import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { Env } from "../env";
import type { Message } from "../messages/message";
import { outboxFor } from "../messages/outbox";
import { ApiError } from "./errors";

/** A send refused by its limit (worker/accounts/send-limits.ts): 429 with the exact wait. */
export function sendRefused(retryAfterSeconds: number): never {
  throw new ApiError(429, "too_many_requests", TOO_MANY_REQUESTS, undefined, { "Retry-After": String(retryAfterSeconds) });
}

/**
 * Hands a message to the configured outbox. A transport failure is logged, not answered: the answer must be the same whether or
 * not there was an account to send to, and the shopper can ask again once the send gap has passed.
 */
export async function deliver(env: Env, message: Message): Promise<void> {
  try {
    await outboxFor(env).send(message);
  } catch (error) {
    console.error("message not delivered", message.channel, error);
  }
}
