import { CONNECTIVITY_PROBE_INTERVAL_MS, CONNECTIVITY_PROBE_TIMEOUT_MS } from "../state/client-timing";

/** What the watcher needs from the browser; tests hand in their own. */
export interface ConnectivityHost {
  probe(url: string, signal: AbortSignal): Promise<unknown>;
  isHidden(): boolean;
  isOnline(): boolean;
  listen(event: "online" | "offline" | "visibilitychange", listener: () => void): () => void;
}

export const browserHost: ConnectivityHost = {
  probe(url, signal) {
    const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
    // Any answer means the network is there; another origin's is opaque, which is enough. No cookies go along.
    return fetch(url, { cache: "no-store", credentials: "omit", mode: sameOrigin ? "same-origin" : "no-cors", signal });
  },
  isHidden: () => document.visibilityState === "hidden",
  isOnline: () => navigator.onLine,
  listen(event, listener) {
    const target = event === "visibilitychange" ? document : window;
    target.addEventListener(event, listener);
    return () => target.removeEventListener(event, listener);
  },
};

/**
 * Watches whether the store can be reached (spec section 4: offline shows the offline view): the browser's offline
 * event says so at once; a probe of `url` every 5000 ms, given up after 5000 ms, says so when the browser cannot
 * tell, and says when it is back. One probe at a time, the next one 5000 ms after the last ended, and none while
 * the tab is hidden (it probes again when it is shown). Answers a function that stops it.
 */
export function watchConnectivity(url: string, onChange: (online: boolean) => void, host: ConnectivityHost = browserHost): () => void {
  let online = host.isOnline();
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const set = (value: boolean) => {
    if (value === online) return;
    online = value;
    onChange(value);
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    clearTimer();
    if (!stopped && !host.isHidden()) timer = setTimeout(probe, CONNECTIVITY_PROBE_INTERVAL_MS);
  };
  async function probe() {
    clearTimer();
    if (stopped || inFlight || host.isHidden()) return;
    inFlight = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), CONNECTIVITY_PROBE_TIMEOUT_MS);
    let answered = false;
    try {
      await host.probe(url, controller.signal);
      answered = true;
    } catch {
      // Refused, unreachable or timed out: offline.
    } finally {
      clearTimeout(timeout);
      inFlight = false;
    }
    if (stopped) return;
    set(answered);
    schedule();
  }
  const stops = [
    host.listen("offline", () => set(false)),
    host.listen("online", () => void probe()),
    host.listen("visibilitychange", () => (host.isHidden() ? clearTimer() : void probe())),
  ];
  if (!online) onChange(false);
  schedule();
  return () => {
    stopped = true;
    clearTimer();
    for (const stop of stops) stop();
  };
}
