import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

/** Wheel of Popups' spin-to-win popup for the store's id. */
export default function WheelOfPopups({ config }: PluginProps) {
  const state = useThirdPartyScript(`https://app.wheelofpopups.com/widget/${encodeURIComponent(config.id ?? "")}.js`);
  return state === "loading" ? <LoadingPlugin /> : null;
}
