import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

/** Nudgify's social-proof nudges for the store's site id. */
export default function Nudgify({ config }: PluginProps) {
  const state = useThirdPartyScript(`https://pixel.nudgify.com/pixel/${encodeURIComponent(config.site_id ?? "")}.js`);
  return state === "loading" ? <LoadingPlugin /> : null;
}
