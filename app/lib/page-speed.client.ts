import { PAGE_SPEED_PATH, pageKindOf } from "../../commerce/page-beacon";

/** The fields of the performance entries read here (largest-contentful-paint, layout-shift, event, first-input). */
type Timing = PerformanceEntry & { value: number; hadRecentInput: boolean; interactionId?: number };

/**
 * Measures the page's LCP, CLS and INP as web.dev defines them, and sends them in one beacon when the page is first
 * hidden (decision 084): the route's page kind and three numbers, nothing about the address or the shopper. Observers
 * ask for the entries buffered before this ran, so starting late, after idle, loses nothing. A page loaded while hidden
 * (a background tab) sends nothing: its LCP would measure the tab, not the page.
 */
export function reportPageSpeed(routeId: string | undefined): void {
  const page = document as Document & { prerendering?: boolean };
  // A page prerendered by the Speculation Rules (decision 069) counts from when the shopper opened it.
  if (page.prerendering) {
    page.addEventListener("prerenderingchange", () => reportPageSpeed(routeId), { once: true });
    return;
  }
  if (page.visibilityState === "hidden") return;
  const opened = (performance.getEntriesByType("navigation")[0] as { activationStart?: number } | undefined)?.activationStart ?? 0;
  const metrics: { lcp?: number; inp?: number; cls: number } = { cls: 0 };
  // Each observer with what it does with its entries, so that those still queued when the page goes are read too.
  const observers: [PerformanceObserver, (entries: PerformanceEntryList) => void][] = [];
  const observe = (type: string, each: (entry: Timing) => void) => {
    const read = (entries: PerformanceEntryList) => {
      for (const entry of entries) each(entry as Timing);
    };
    try {
      const observer = new PerformanceObserver((list) => read(list.getEntries()));
      observer.observe({ type, buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
      observers.push([observer, read]);
    } catch {
      // A browser without this entry type measures the others.
    }
  };
  observe("largest-contentful-paint", (entry) => {
    metrics.lcp = Math.round(Math.max(0, entry.startTime - opened));
  });
  // CLS: the largest session window, shifts less than 1 s apart and spanning at most 5 s, without those after input.
  let session = 0;
  let first = 0;
  let last = 0;
  observe("layout-shift", (entry) => {
    if (entry.hadRecentInput) return;
    if (session > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
    else [session, first] = [entry.value, entry.startTime];
    last = entry.startTime;
    metrics.cls = Math.max(metrics.cls, session);
  });
  // INP: the slowest interaction, which it is for a page of fewer than 50. first-input is reported however fast it was
  // (so a page with only quick interactions still has one), and without an interactionId in some Chromium versions.
  const interaction = (entry: Timing) => {
    if (entry.interactionId || entry.entryType === "first-input") metrics.inp = Math.max(metrics.inp ?? 0, entry.duration);
  };
  observe("event", interaction);
  observe("first-input", interaction);
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    for (const [observer, read] of observers) read(observer.takeRecords());
    const cls = Math.round(metrics.cls * 10_000) / 10_000;
    navigator.sendBeacon(PAGE_SPEED_PATH, JSON.stringify({ kind: pageKindOf(routeId), ...metrics, cls }));
  };
  page.addEventListener("visibilitychange", () => {
    if (page.visibilityState === "hidden") send();
  });
  // Leaving for another document hides this one too; pagehide is the one Safari is sure to fire.
  addEventListener("pagehide", send);
}
