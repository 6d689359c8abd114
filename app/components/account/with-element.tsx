import type { ReactNode } from "react";

/** What a message's placeholder takes where an element goes (a price, a date, a code): a character no message holds. */
export const SLOT = "\uE000";

/**
 * A whole translated sentence with an element in its placeholder's place, e.g.
 * `withElement(t("rewards.you_get", { amount: SLOT, wallet }), <Price amount={…} />)`: each language puts the price
 * where its words need it, and the price keeps its own markup.
 */
export function withElement(text: string, element: ReactNode): ReactNode {
  const at = text.indexOf(SLOT);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {element}
      {text.slice(at + SLOT.length)}
    </>
  );
}
