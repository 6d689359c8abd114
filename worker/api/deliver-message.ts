import type { Env } from "../env";
import type { Message } from "../messages/message";
import { outboxFor } from "../messages/outbox";

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
