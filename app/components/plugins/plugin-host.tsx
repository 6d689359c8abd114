import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import type { PluginScript, ScriptPluginCode } from "../../../commerce/plugins";
import { withMessages } from "../../i18n/with-messages";
import { LoadingPlugin } from "./loading-plugin";
import type { PluginProps } from "./plugin-props";

const chunk = (load: () => Promise<{ default: ComponentType<PluginProps> }>) => lazy(() => load().then(withMessages));

/** Each third-party plugin is its own chunk, fetched only when the store switches it on. */
const CHUNKS: Record<ScriptPluginCode, LazyExoticComponent<ComponentType<PluginProps>>> = {
  google_analytics: chunk(() => import("./google-analytics")),
  intercom: chunk(() => import("./intercom")),
  tawk_to: chunk(() => import("./tawk-to")),
  nudgify: chunk(() => import("./nudgify")),
  wheel_of_popups: chunk(() => import("./wheel-of-popups")),
};

/**
 * The store's third-party plugins, mounted after hydration (app/root.tsx), in their layout order, each under its
 * layout element's uniqueId, with 'Loading plugin...' while its chunk and script arrive.
 */
export default function PluginHost({ plugins }: { plugins: PluginScript[] }) {
  return (
    <div
      className="pointer-events-none fixed bottom-20 start-2 z-30 flex flex-col items-start gap-1 desktop:bottom-4"
      data-testid="plugins"
    >
      {plugins.map(({ code, uniqueId, config, src }) => {
        const Plugin = CHUNKS[code];
        return (
          <div key={uniqueId} id={uniqueId} data-plugin={code}>
            <Suspense fallback={<LoadingPlugin />}>
              <Plugin config={config} src={src} />
            </Suspense>
          </div>
        );
      })}
    </div>
  );
}
