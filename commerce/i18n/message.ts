import type { Translate } from "./catalogue";
import type { MessageId, MessageParams } from "./compiled/message-ids";

declare const madeByMessage: unique symbol;

/**
 * A text by its id and values, not yet in words: what a refusal or a sent message carries until it reaches the one
 * who reads it, whose language is known only there (the API's answer, a page's refusal, the outbox). Made only by
 * `message()`, which checks the values against the id's placeholders where it is called: spelled out as the union of
 * every id's own shape instead, TypeScript gives up past about 1,000 ids (TS2590).
 */
export interface Message {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, unknown>>;
  readonly [madeByMessage]: true;
}

/** `message("errors.order_not_found")`, `message("errors.quantity_range", { max: 99 })`: the id written as a literal. */
/*#__NO_SIDE_EFFECTS__*/
export function message<Id extends MessageId>(id: Id, ...values: MessageParams[Id] extends undefined ? [] : [MessageParams[Id]]): Message {
  return (values.length ? { id, values: values[0] } : { id }) as Message;
}

/** The message in `t`'s language. */
export function say(t: Translate, text: Message): string {
  return (t as (id: MessageId, values?: unknown) => string)(text.id, text.values);
}

/** Whether a value is a message (a refusal's issue is one, or zod's own English text). */
export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string";
}

/**
 * A zod check's message as its id (`z.minLength(1, issueId("fields.enter_name"))`): zod keeps text only, so the id
 * stands in its place until the refusal is put into words (worker/api/validate.ts, app/lib/form-reader.server.ts).
 */
export const issueId = <Id extends MessageId>(id: Id): Id => id;
