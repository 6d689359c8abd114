import type { Translate } from "./catalogue";
import type { MessageId, MessageParams } from "./compiled/message-ids";

// Apart from catalogue.ts, whose translator every page's entry carries: a page that says a Message gets this in its
// own chunk rather than the translator split out into one more chunk of every page (decision 072's budget).

/**
 * A message by id with its placeholders' values, for a text decided in one place and said in another: a pure function
 * in commerce/ names what to say, the page (or the API, for its caller) says it in its own language with `say`.
 */
export type Message = {
  [Id in MessageId]: MessageParams[Id] extends undefined ? { id: Id } : { id: Id; values: MessageParams[Id] };
}[MessageId];

/** `message` in `t`'s language. */
export function say(t: Translate, message: Message): string {
  return (t as (id: MessageId, values?: unknown) => string)(message.id, "values" in message ? message.values : undefined);
}
