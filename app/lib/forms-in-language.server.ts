import type { Translate } from "../../commerce/i18n/catalogue";

/**
 * A form's schema in each language, made the first time a page in that language reads the form: its messages are the
 * shopper's words, and the translators live as long as the isolate (commerce/i18n/translators.ts), so each is made once.
 */
export function inEachLanguage<T>(make: (t: Translate) => T): (t: Translate) => T {
  const made = new WeakMap<Translate, T>();
  return (t) => {
    let schema = made.get(t);
    if (schema === undefined) {
      schema = make(t);
      made.set(t, schema);
    }
    return schema;
  };
}
