import { useCallback } from "react";
import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

declare global {
  interface Window {
    Tawk_API?: Record<string, unknown>;
    Tawk_LoadStart?: Date;
  }
}

/** Tawk.to's live chat for the store's property and widget (the widget "default" when none is set). */
export default function TawkTo({ src }: PluginProps) {
  const before = useCallback(() => {
    window.Tawk_API = window.Tawk_API ?? {};
    window.Tawk_LoadStart = new Date();
  }, []);
  const state = useThirdPartyScript(src, before);
  return state === "loading" ? <LoadingPlugin /> : null;
}
