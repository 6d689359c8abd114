import { flushSync } from "react-dom";

/**
 * Swaps a part's server copy (element `id`) for the real part (`show` renders it), handing over what the shopper typed
 * into the copy and where they were typing: the real part renders the same elements, so each is found again by its
 * place in the part. Fetched with the part's own code (app/lib/hydrated-later.tsx), never with the page.
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
  const again = focused >= 0 ? elements()[focused] : undefined;
  again?.focus({ preventScroll: true });
  if (again instanceof HTMLInputElement && caret) again.setSelectionRange(caret.start, caret.end);
}
