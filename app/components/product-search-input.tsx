import { useEffect, useRef, useState } from "react";
import { withMessages } from "../i18n/with-messages";
import { preloadable } from "../lib/preloadable";
import type { ProductSearchFieldProps } from "./predictive-search.client";

// The suggestions (Headless UI's combobox) are fetched when a shopper first focuses a product search box, not with the
// page: the nav and the home page carry only this plain box (decision 057).
const { Component: PredictiveSearchInput, preload } = preloadable(() => import("./predictive-search.client").then(withMessages));

/**
 * A product search box for a GET form whose query is `q`: a plain box without JavaScript, and until it is first
 * focused; then the same box suggests products and categories while typing (decision 052). The combobox takes over
 * what was typed meanwhile and the focus, so no keystroke is lost.
 */
export function ProductSearchInput({ className, ...props }: ProductSearchFieldProps & { className: string }) {
  const [suggesting, setSuggesting] = useState(false);
  const plain = useRef<HTMLInputElement>(null);
  const suggest = () => {
    preload().then(
      () => setSuggesting(true),
      // Offline or a new deploy: the plain box still searches.
      () => {},
    );
  };
  // A box focused before hydration (the search page's autofocus) had its focus event before React listened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, after hydration
  useEffect(() => {
    if (document.activeElement === plain.current) suggest();
  }, []);
  return suggesting ? (
    <PredictiveSearchInput {...props} className={className} />
  ) : (
    <input {...props} ref={plain} name="q" type="search" className={className} onFocus={suggest} />
  );
}
