import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ConnectivityHost, watchConnectivity } from "../../app/lib/connectivity";
import { CONNECTIVITY_PROBE_INTERVAL_MS, CONNECTIVITY_PROBE_TIMEOUT_MS, STATE_RESTORE_TIMEOUT_MS } from "../../app/state/client-timing";
import {
  dropAllCopies,
  dropStale,
  EMPTY_STATE,
  isFresh,
  MAX_COPIES,
  markersFor,
  type PersistedState,
  parseMarkers,
  parsePersisted,
  restoredPlaces,
  withCopy,
  withTimeout,
} from "../../app/state/persisted-shape";
import { DEFAULT_PROBE_URL, isProbeUrl, probeUrlFrom } from "../../commerce/probe-url";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";

const MARKERS = { settings: 3, layouts: 2, branches: 5, products: 7 };
const GUEST = "0123456789abcdef0123456789abcdef";

describe("the spec's client timings (section 9)", () => {
  it("probes every 5000 ms with a 5000 ms time-out and gives restore 5000 ms", () => {
    expect([CONNECTIVITY_PROBE_INTERVAL_MS, CONNECTIVITY_PROBE_TIMEOUT_MS, STATE_RESTORE_TIMEOUT_MS]).toEqual([5000, 5000, 5000]);
  });
});

describe("persisted state: reading it back", () => {
  it("reads junk, another version or a wrong shape as empty", () => {
    for (const text of [null, "", "{", "[]", "42", '{"version":2}', '{"version":"1"}']) expect(parsePersisted(text)).toEqual(EMPTY_STATE);
  });

  it("keeps recent places, a well-formed guest id and copies naming known markers", () => {
    const stored = {
      version: 1,
      guestId: GUEST,
      recentPlaces: [{ place_id: "a" }],
      copies: {
        good: { markers: { products: 7 }, value: { id: 1 } },
        noMarkers: { markers: {}, value: 1 },
        unknownMarker: { markers: { reviews: 1 }, value: 1 },
        notWhole: { markers: { products: 1.5 }, value: 1 },
        noValue: { markers: { products: 7 } },
      },
    };
    expect(parsePersisted(JSON.stringify(stored))).toEqual({
      version: 1,
      guestId: GUEST,
      recentPlaces: [{ place_id: "a" }],
      copies: { good: { markers: { products: 7 }, value: { id: 1 } } },
    });
    expect(parsePersisted(JSON.stringify({ ...stored, guestId: "<script>" })).guestId).toBeNull();
  });
});

describe("persisted state: cache markers (spec section 4)", () => {
  const state: PersistedState = {
    ...EMPTY_STATE,
    guestId: GUEST,
    recentPlaces: [{ place_id: "kept" }],
    copies: {
      product: { markers: { products: 7 }, value: "p" },
      home: { markers: { settings: 3, layouts: 2, products: 7 }, value: "h" },
      oldProduct: { markers: { products: 6 }, value: "old" },
    },
  };

  it("finds a copy fresh only while every marker it was read at is unchanged", () => {
    expect(isFresh({ markers: { products: 7 }, value: 0 }, MARKERS)).toBe(true);
    expect(isFresh({ markers: { products: 7, layouts: 1 }, value: 0 }, MARKERS)).toBe(false);
    expect(isFresh({ markers: { products: 8 }, value: 0 }, MARKERS)).toBe(false);
  });

  it("drops the copies a changed marker made stale, and keeps recent places and the guest id", () => {
    expect(Object.keys(dropStale(state, MARKERS).copies)).toEqual(["product", "home"]);
    const changed = dropStale(state, { ...MARKERS, layouts: 3 });
    expect(Object.keys(changed.copies)).toEqual(["product"]);
    expect(changed.recentPlaces).toEqual([{ place_id: "kept" }]);
    expect(changed.guestId).toBe(GUEST);
  });

  it("drops every copy when the markers could not be read, keeping recent places", () => {
    expect(dropAllCopies(state)).toEqual({ ...state, copies: {} });
  });

  it("labels a copy with the markers it depends on", () => {
    expect(markersFor(MARKERS, ["products"])).toEqual({ products: 7 });
    expect(markersFor(MARKERS, ["settings", "layouts"])).toEqual({ settings: 3, layouts: 2 });
  });

  it("keeps the newest copies, at most MAX_COPIES", () => {
    let kept = EMPTY_STATE;
    for (let n = 0; n < MAX_COPIES + 5; n++) kept = withCopy(kept, `k${n}`, { markers: { products: 1 }, value: n });
    kept = withCopy(kept, "k10", { markers: { products: 1 }, value: "again" });
    const keys = Object.keys(kept.copies);
    expect(keys).toHaveLength(MAX_COPIES);
    expect(keys.at(-1)).toBe("k10");
    expect(keys).not.toContain("k4");
    expect(keys[0]).toBe("k5");
  });

  it("reads a cache-info answer only when it has all four markers", () => {
    expect(parseMarkers(MARKERS)).toEqual(MARKERS);
    expect(parseMarkers({ settings: 1 })).toBeNull();
    expect(parseMarkers({ ...MARKERS, settings: "1" })).toBeNull();
    expect(parseMarkers(null)).toBeNull();
  });
});

describe("recent places after restore (spec section 4)", () => {
  const place = (id: string) => ({ place_id: id, label: `Place ${id}`, latitude: 12.97, longitude: 77.64 });

  it("puts places chosen since the page loaded first, each place once, at most five, and leaves out junk", () => {
    const stored = [place("a"), { place_id: "junk" }, place("b"), "x", place("c"), { ...place("d"), latitude: 91 }, place("e"), place("f")];
    expect(restoredPlaces([place("b"), place("new")], stored).map((p) => p.place_id)).toEqual(["b", "new", "a", "c", "e"]);
    expect(restoredPlaces([], [])).toEqual([]);
  });
});

describe("restore time-out", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers the work's answer when it comes in time", async () => {
    const answer = withTimeout(
      new Promise((resolve) => setTimeout(resolve, STATE_RESTORE_TIMEOUT_MS - 1, "markers")),
      STATE_RESTORE_TIMEOUT_MS,
      null,
    );
    await vi.advanceTimersByTimeAsync(STATE_RESTORE_TIMEOUT_MS - 1);
    await expect(answer).resolves.toBe("markers");
  });

  it("gives up after 5000 ms, and on a failure at once", async () => {
    const late = withTimeout(new Promise(() => {}), STATE_RESTORE_TIMEOUT_MS, null);
    let settled = false;
    void late.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(STATE_RESTORE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(late).resolves.toBeNull();
    await expect(withTimeout(Promise.reject(new Error("offline")), STATE_RESTORE_TIMEOUT_MS, null)).resolves.toBeNull();
  });
});

describe("the connectivity probe's address (a store setting)", () => {
  it("is a path on the site or an https URL", () => {
    for (const good of ["/healthz", "/api/cache-info", "https://example.com/ping"]) expect(isProbeUrl(good)).toBe(true);
    for (const bad of [
      "http://example.com/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "healthz",
      "https://u:p@x.example/",
      "/a b",
    ])
      expect(isProbeUrl(bad), bad).toBe(false);
  });

  it("defaults to the Worker's own /healthz", () => {
    expect(probeUrlFrom(undefined)).toBe(DEFAULT_PROBE_URL);
    expect(probeUrlFrom("javascript:alert(1)")).toBe("/healthz");
    expect(probeUrlFrom("https://example.com/ping")).toBe("https://example.com/ping");
  });
});

describe("the importer's connectivityProbeUrl setting", () => {
  const food = JSON.parse(readFileSync("stores/food.json", "utf8"));
  const withProbe = (url: string) => storeFileSchema.safeParse({ ...food, settings: { ...food.settings, connectivityProbeUrl: url } });

  it("takes a path on the site or an https URL", () => {
    expect(withProbe("/healthz").success).toBe(true);
    expect(withProbe("https://status.example.com/ping").success).toBe(true);
  });

  it("refuses javascript:, http and other hosts' protocol-relative URLs, naming the setting", () => {
    for (const bad of ["javascript:alert(1)", "http://example.com/ping", "//evil.example/ping", "<script>alert(1)</script>"]) {
      const result = withProbe(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["settings.connectivityProbeUrl"]);
    }
  });
});

/** A browser stand-in: probes answer as `answers` says, events are fired by hand. */
function fakeHost() {
  const listeners = new Map<string, () => void>();
  const host = {
    hidden: false,
    online: true,
    /** "ok", "fail", or "hang" (answers only when aborted). */
    answer: "ok" as "ok" | "fail" | "hang",
    probes: 0,
    inFlight: 0,
    maxInFlight: 0,
    fire: (event: string) => listeners.get(event)?.(),
  };
  const api: ConnectivityHost = {
    probe(_url, signal) {
      host.probes++;
      host.inFlight++;
      host.maxInFlight = Math.max(host.maxInFlight, host.inFlight);
      const done = () => host.inFlight--;
      if (host.answer === "ok") return Promise.resolve("ok").finally(done);
      if (host.answer === "fail") return Promise.reject(new TypeError("Failed to fetch")).finally(done);
      return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))).finally(done);
    },
    isHidden: () => host.hidden,
    isOnline: () => host.online,
    listen(event, listener) {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { host, api };
}

describe("the connectivity watcher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("goes offline when a probe fails or times out after 5000 ms, and back when one answers", async () => {
    const { host, api } = fakeHost();
    const changes: boolean[] = [];
    const stop = watchConnectivity("/healthz", (online) => changes.push(online), api);
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_INTERVAL_MS);
    expect(host.probes).toBe(1);
    expect(changes).toEqual([]);
    host.answer = "hang";
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_INTERVAL_MS + CONNECTIVITY_PROBE_TIMEOUT_MS - 1);
    expect(changes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(changes).toEqual([false]);
    host.answer = "ok";
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_INTERVAL_MS);
    expect(changes).toEqual([false, true]);
    expect(host.maxInFlight).toBe(1);
    stop();
  });

  it("believes the browser's offline event at once and probes on its online event", async () => {
    const { host, api } = fakeHost();
    const changes: boolean[] = [];
    const stop = watchConnectivity("/healthz", (online) => changes.push(online), api);
    host.fire("offline");
    expect(changes).toEqual([false]);
    host.fire("online");
    await vi.advanceTimersByTimeAsync(0);
    expect(host.probes).toBe(1);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it("sends no probe while the tab is hidden, one at a time, and one as soon as it is shown", async () => {
    const { host, api } = fakeHost();
    const stop = watchConnectivity("/healthz", () => {}, api);
    host.hidden = true;
    host.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_INTERVAL_MS * 5);
    expect(host.probes).toBe(0);
    host.hidden = false;
    host.answer = "hang";
    host.fire("visibilitychange");
    host.fire("online");
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_TIMEOUT_MS - 1);
    expect(host.probes).toBe(1);
    expect(host.maxInFlight).toBe(1);
    stop();
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_PROBE_INTERVAL_MS * 3);
    expect(host.probes).toBe(1);
  });
});
