import { useEffect, useRef } from "react";

/**
 * When the dialog that calls this closes, focus goes back to what opened it (WCAG 2.4.3). The shell swaps the home
 * page for its underlay when a route dialog opens, so the opener may be gone by then: a link to the address the
 * dialog opened at (`openedAt`) stands in for it.
 */
export function useReturnFocus(openedAt: string) {
  const address = useRef(openedAt);
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const href = opener?.getAttribute("href") ?? address.current;
    return () => {
      // After the page beneath has rendered and lost its `inert`.
      requestAnimationFrame(() => {
        const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`);
        target?.focus({ preventScroll: true });
      });
    };
  }, []);
}
