import type { MessageId, MessageParams } from "./compiled/message-ids";
import { type Said, sayIn } from "./said";

/** A language's messages as `npm run i18n` compiles them (commerce/i18n/compiled/<language>.json, decision 081). */
export type Catalogue = Record<MessageId, Said>;

/**
 * Where the browser's build writes a language's whole catalogue among the static assets (scripts/vite/message-packs.ts),
 * for the Worker to read at run time (worker/i18n/catalogues.ts).
 */
export const cataloguePath = (language: string): string => `/assets/i18n/${language}.json`;

/** `t("cart.title")`, `t("cart.items", { count })`: a message in the page's language, its values required when it has any. */
export type Translate = <Id extends MessageId>(id: Id, ...values: MessageParams[Id] extends undefined ? [] : [MessageParams[Id]]) => string;

/** `catalogue`'s messages in `language`; one it lacks (a page's message that could not load) shows as its id. */
export function translator(language: string, catalogue: Partial<Record<string, Said>>): Translate {
  return (id, ...values) => {
    const said = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
    return said === undefined ? id : sayIn(language, said, values[0] as Record<string, unknown> | undefined);
  };
}
