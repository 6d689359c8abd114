import { createContext, useContext } from "react";

/** The CSP nonce of this response, provided by entry.server; empty in the browser, which needs none. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
