import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { RootData } from "../../route-data";

/**
 * Starts the page-speed beacon (decision 084) once the browser is idle after hydration, as a chunk of its own, so it
 * never competes with the page's code: only where the root says the page may report (consent, where the store asks).
 */
export function PageSpeedStarter() {
  const reports = useRouteLoaderData<RootData>("root")?.plugins.pageSpeed === true;
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per document: its beacon is the landing page's, whose LCP it carries
  useEffect(() => {
    if (!reports) return;
    // A report is worth nothing to the shopper: a chunk that cannot come (offline, a deploy that replaced it) is dropped
    // without a word rather than raised as the page's error.
    const start = () => void import("../../lib/page-speed.client").then((module) => module.reportPageSpeed(routeId)).catch(() => undefined);
    // Safari has no requestIdleCallback: there, the next task after hydration.
    if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 10_000 });
    else setTimeout(start, 0);
  }, []);
  return null;
}
