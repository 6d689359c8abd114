// React 18 cannot recover when one of these events forces the root to hydrate synchronously while the root's first
// render is suspended, as Remix suspends it until the single-fetch payload is decoded: it throws #345 and the page
// never hydrates. The list is React's own (`discreteReplayableEvents` in react-dom). Decision 015.
const EVENTS =
  "mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup dragend dragstart drop compositionend compositionstart keydown keypress keyup input textInput copy cut paste click change contextmenu reset submit".split(
    " ",
  );
const OPTIONS = { capture: true, passive: true };
const stop = (event: Event) => event.stopPropagation();

/**
 * Keeps those events from reaching React's listeners on the document until the returned release is called, on the
 * root's first commit. Their default actions still happen, so an early tap or key works as it does without
 * JavaScript: links navigate and forms post.
 */
export function holdEarlyEvents(): () => void {
  for (const type of EVENTS) addEventListener(type, stop, OPTIONS);
  return () => {
    for (const type of EVENTS) removeEventListener(type, stop, OPTIONS);
  };
}
