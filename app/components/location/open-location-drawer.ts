import { useSyncExternalStore } from "react";

/**
 * Whether the location drawer is open (the spec's activeDrawerId for it), and what opened it. Plain module state
 * rather than valtio: the nav's 'Change Location' reads it on every page, and valtio is left to the drawer's own chunk.
 * Client-only: on the server nothing is ever open.
 */

let open = false;
/** What had focus when the drawer opened, to have it again when it closes (WCAG 2.4.3). */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function openLocationDrawer(from: HTMLElement | null): void {
  opener = from;
  open = true;
  emit();
}

/** Closes the drawer and answers what opened it, to be focused again once the drawer is gone. */
export function closeLocationDrawer(): HTMLElement | null {
  const element = opener;
  opener = null;
  open = false;
  emit();
  return element;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocationDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
