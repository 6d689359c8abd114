import { LocationDrawerHost } from "../location/location-drawer-host";
import { OptionsDrawerHost } from "../product/options-drawer-host";
import { HomeScrollKeeper } from "./home-scroll";
import { LoadingOverlay } from "./loading-overlay";
import { OfflineView } from "./offline-view";
import { PageSpeedStarter } from "./page-speed-starter";
import { PersistedStateKeeper } from "./persisted-state-keeper";

/**
 * Shell parts that render nothing until the shopper acts (opens a drawer, navigates slowly, scrolls the home on
 * desktop) or the network goes, the persisted state's restore, and the page-speed beacon's start. They are fetched
 * right after hydration instead of before it, which keeps them out of every page's initial JavaScript.
 */
export default function DeferredShell() {
  return (
    <>
      <OptionsDrawerHost />
      <LocationDrawerHost />
      <HomeScrollKeeper />
      <LoadingOverlay />
      <OfflineView />
      <PersistedStateKeeper />
      <PageSpeedStarter />
    </>
  );
}
