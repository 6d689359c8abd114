import { useSyncExternalStore } from "react";

/** Spec section 9: at most 3 toasts visible, each hidden after 5000 ms unless told otherwise. */
export const MAX_TOASTS = 3;
export const TOAST_MS = 5000;
/** Spec section 9: cart notifications hide after 2000 ms. */
export const CART_TOAST_MS = 2000;

export interface Toast {
  id: number;
  message: string;
  kind: "info" | "error";
  /** How long it stays on screen, counted from when it is shown (app/components/shell/toasts.tsx). */
  ms: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(message: string, { kind = "info", ms = TOAST_MS }: { kind?: Toast["kind"]; ms?: number } = {}): void {
  // The oldest gives way, so the newest message is always visible. The time starts once it is on screen: the first
  // toast waits for the notifications' chunk, which would otherwise eat into it.
  toasts = [...toasts, { id: nextId++, message, kind, ms }].slice(-MAX_TOASTS);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: Toast[] = [];

/** The toasts on screen now, oldest first. */
export function visibleToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, visibleToasts, () => none);
}
