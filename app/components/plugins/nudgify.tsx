import { useCallback } from "react";
import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

declare global {
  interface Window {
    nudgify?: { uuid?: string } & Record<string, unknown>;
  }
}

/** Nudgify's social-proof nudges: its pixel reads the store's site id from `window.nudgify.uuid`, as its snippet sets it. */
export default function Nudgify({ config, src }: PluginProps) {
  const siteId = config.site_id ?? "";
  const before = useCallback(() => {
    window.nudgify = { ...window.nudgify, uuid: siteId };
  }, [siteId]);
  const state = useThirdPartyScript(src, before);
  return state === "loading" ? <LoadingPlugin /> : null;
}
