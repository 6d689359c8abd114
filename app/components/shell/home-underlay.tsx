import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { HomeData } from "../../route-data";
import { rememberedHome } from "../../state/last-home";
import { HomeView } from "../home-view";
import { UnderlayProvider } from "../main-landmark";

/**
 * The home page under a desktop dialog. After a visit to the home it is the same page the shopper left;
 * for a deep link it is fetched from the home route's loader. Loaded lazily: phones and pages without
 * JavaScript never need it.
 */
export default function HomeUnderlay() {
  const fetcher = useFetcher<HomeData>({ key: "home-underlay" });
  const data = rememberedHome() ?? fetcher.data ?? null;
  useEffect(() => {
    if (!rememberedHome() && fetcher.state === "idle" && !fetcher.data) fetcher.load("/?index");
  }, [fetcher]);
  if (!data) return <div className="min-h-screen" />;
  return (
    <div aria-hidden="true" data-testid="home-underlay">
      <UnderlayProvider value={true}>
        <HomeView data={data} />
      </UnderlayProvider>
    </div>
  );
}
