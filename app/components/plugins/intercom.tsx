import { useCallback } from "react";
import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

declare global {
  interface Window {
    intercomSettings?: { app_id: string };
  }
}

/** Intercom's Messenger for the store's app id. */
export default function Intercom({ config, src }: PluginProps) {
  const appId = config.app_id ?? "";
  const before = useCallback(() => {
    window.intercomSettings = { app_id: appId };
  }, [appId]);
  const state = useThirdPartyScript(src, before);
  return state === "loading" ? <LoadingPlugin /> : null;
}
