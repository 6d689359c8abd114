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
 * twice, and is "loading" until it has loaded or failed.
 */
export function useThirdPartyScript(src: string, before?: () => void): ScriptState {
  const [state, setState] = useState<ScriptState>("loading");
  useEffect(() => {
    const existing = [...document.scripts].find((script) => script.src === src);
    // A plugin mounted again while its script still loads follows that script: it is not loaded yet.
    const script = existing ?? addScript(src, before);
    const settled = script.dataset.state as ScriptState | undefined;
    if (settled) {
      setState(settled);
      return;
    }
    const loaded = () => setState("loaded");
    const failed = () => setState("failed");
    script.addEventListener("load", loaded);
    script.addEventListener("error", failed);
    return () => {
      script.removeEventListener("load", loaded);
      script.removeEventListener("error", failed);
    };
  }, [src, before]);
  return state;
}

type ScriptState = "loading" | "loaded" | "failed";

/** Adds the script, which marks itself (data-state) when it has loaded or failed, for whoever mounts later. */
function addScript(src: string, before?: () => void): HTMLScriptElement {
  before?.();
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.nonce = pageNonce();
  script.addEventListener("load", () => (script.dataset.state = "loaded"), { once: true });
  script.addEventListener("error", () => (script.dataset.state = "failed"), { once: true });
  document.head.appendChild(script);
  return script;
}
