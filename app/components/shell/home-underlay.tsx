import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { type HomeData, HomeView } from "../home-view";

let lastHome: HomeData | null = null;

/** Keeps the home page's data from its last render, so dialogs open above it without fetching it again. */
export function rememberHome(data: HomeData): void {
  lastHome = data;
}

/**
 * The home page under a desktop dialog. After a visit to the home it is the same page the shopper left;
 * for a deep link it is fetched from the home route's loader.
 */
export function HomeUnderlay() {
  const fetcher = useFetcher<HomeData>({ key: "home-underlay" });
  const data = lastHome ?? fetcher.data ?? null;
  useEffect(() => {
    if (!lastHome && fetcher.state === "idle" && !fetcher.data) fetcher.load("/?index");
  }, [fetcher]);
  if (!data) return <div className="min-h-screen" />;
  return (
    <div aria-hidden="true" data-testid="home-underlay">
      <HomeView data={data} />
    </div>
  );
}
