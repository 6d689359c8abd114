import { Fragment, type ReactNode } from "react";

// U+2063 INVISIBLE SEPARATOR: no catalogue's text holds it, so it marks where an element goes in a translated message.
const MARK = "\u2063";

/** Placeholder values that stand for elements, for `withElements`: `t("cart.bill_you_save", slots("amount"))`. */
export function slots<const Name extends string>(...names: Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])) as Record<Name, string>;
}

/**
 * A message whose placeholders are elements (a price, a date, a name in bold), each where the language puts it: the
 * text translated with `slots`, then each slot replaced by its element.
 */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  // Split at the marks, every other piece is a slot's name.
  return text.split(MARK).map((piece, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message, never reordered
    <Fragment key={i}>{i % 2 === 1 ? elements[piece] : piece}</Fragment>
  ));
}
