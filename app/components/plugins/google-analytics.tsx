import { useCallback } from "react";
import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Google Analytics 4 (gtag.js) for the store's measurement id; the page-view is sent by the config call. */
export default function GoogleAnalytics({ config, src }: PluginProps) {
  const id = config.id ?? "";
  const before = useCallback(() => {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments objects themselves, as its own snippet pushes them.
      // biome-ignore lint/complexity/noArguments: the vendor's queue format
      window.dataLayer?.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id);
  }, [id]);
  const state = useThirdPartyScript(src, before);
  return state === "loading" ? <LoadingPlugin /> : null;
}
