import { useSyncExternalStore } from "react";

/** Spec section 9: screens up to 768 px wide are mobile. */
export const DESKTOP_QUERY = "(min-width: 769px)";

/** Spec section 9: the shell follows a resize once the window has kept its size this long. */
export const RESIZE_DEBOUNCE_MS = 50;

const listeners = new Set<() => void>();
/** The width class the shell is showing: read live while nobody listens, and then only 50 ms after the last resize. */
let desktop = false;
let timer: ReturnType<typeof setTimeout> | undefined;

const matchesNow = () => window.matchMedia(DESKTOP_QUERY).matches;

function onResize() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (matchesNow() === desktop) return;
    desktop = !desktop;
    for (const listener of listeners) listener();
  }, RESIZE_DEBOUNCE_MS);
}

const subscribe = (onChange: () => void) => {
  if (listeners.size === 0) {
    desktop = matchesNow();
    window.addEventListener("resize", onResize);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    window.removeEventListener("resize", onResize);
    clearTimeout(timer);
  };
};

/** Whether the window is desktop-wide now (for one-off reads: the scroll key, the home's scroll position). */
export const isDesktop = () => typeof window !== "undefined" && matchesNow();

/**
 * Whether the desktop shell (pages in a dialog above the home page) is in use: a desktop-wide window with
 * JavaScript running. The server and the first render say no, so without JavaScript every route is a plain page.
 * A resize switches it only after the window has kept its new width for RESIZE_DEBOUNCE_MS, so dragging a window's
 * edge across 768 px does not swap the page in and out of its dialog on every pixel.
 */
export function useDesktopShell(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (listeners.size > 0 ? desktop : matchesNow()),
    () => false,
  );
}
