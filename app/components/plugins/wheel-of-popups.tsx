import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";
import { useThirdPartyScript } from "./third-party-script";

/** Wheel of Popups' spin-to-win popup: its widget script, whose address names the store's account id. */
export default function WheelOfPopups({ src }: PluginProps) {
  const state = useThirdPartyScript(src);
  return state === "loading" ? <LoadingPlugin /> : null;
}
