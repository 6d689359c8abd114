import { useEffect, useState } from "react";

/**
 * The page's CSP nonce, read back from a script the server marked with it (browsers hide the attribute but keep the
 * property), so a plugin's script passes the same policy as the page's own.
 */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/**
 * Adds a third party's script to the page once, with the page's nonce, and says whether it has loaded. `before` runs
 * first (the vendor's globals its script reads); a script already on the page (a plugin mounted again) is not added
 * twice.
 */
export function useThirdPartyScript(src: string, before?: () => void): "loading" | "loaded" | "failed" {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  useEffect(() => {
    const existing = [...document.scripts].find((script) => script.src === src);
    if (existing) {
      setState("loaded");
      return;
    }
    before?.();
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    script.nonce = pageNonce();
    script.addEventListener("load", () => setState("loaded"));
    script.addEventListener("error", () => setState("failed"));
    document.head.appendChild(script);
  }, [src, before]);
  return state;
}
