import { flushSync } from "react-dom";

/**
 * Swaps a part's server copy (element `id`) for the real part (`show` renders it), handing over what the shopper typed
 * into the copy and where they were typing: the real part renders the same fields, so each is found again by its
 * place in the part, and the focused element by its id (or its place, when it has none). Fetched with the part's own code (app/lib/hydrated-later.tsx), never with the page.
 */
export function swapInPart(id: string, show: () => void): void {
  const inputs = () => document.querySelectorAll<HTMLInputElement>(`#${id} input`);
  const elements = () => [...document.querySelectorAll<HTMLElement>(`#${id} *`)];
  const typed = [...inputs()].map((input) => input.value);
  const active = document.activeElement;
  const focused = active instanceof HTMLElement ? elements().indexOf(active) : -1;
  const caret = active instanceof HTMLInputElement ? { start: active.selectionStart, end: active.selectionEnd } : null;
  flushSync(show);
  inputs().forEach((input, i) => {
    input.value = typed[i] ?? input.value;
  });
  // By its id where it has one: a real part may add what only JavaScript offers (the cart's 'Use my current location'),
  // which moves every element after it.
  const again = (active?.id ? document.getElementById(active.id) : null) ?? (focused >= 0 ? elements()[focused] : undefined);
  again?.focus({ preventScroll: true });
  // Only a field with a caret takes one back (a hidden input or a checkbox throws).
  if (again instanceof HTMLInputElement && caret && caret.start !== null && again.selectionStart !== null)
    again.setSelectionRange(caret.start, caret.end);
}
