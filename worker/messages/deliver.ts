import type { Env } from "../env";
import type { Message } from "./message";
import { outboxFor } from "./outbox";

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
