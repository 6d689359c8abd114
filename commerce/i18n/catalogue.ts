import type { MessageId, MessageParams } from "./compiled/message-ids";

/** A language's compiled messages (commerce/i18n/compiled/<language>.js): each id a function of its placeholders' values. */
export type Catalogue = { [Id in MessageId]: (values?: MessageParams[Id]) => string };

/** `t("cart.title")`, `t("cart.items", { count })`: a message in the page's language, its values required when it has any. */
export type Translate = <Id extends MessageId>(id: Id, ...values: MessageParams[Id] extends undefined ? [] : [MessageParams[Id]]) => string;

/** `catalogue`'s messages as a function; one it lacks (a page whose catalogue could not load) shows as its id. */
export function translator(catalogue: Partial<Catalogue>): Translate {
  return (id, ...values) => (catalogue[id] as ((values?: unknown) => string) | undefined)?.(values[0]) ?? id;
}
