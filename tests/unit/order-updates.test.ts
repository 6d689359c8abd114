import { describe, expect, it } from "vitest";
import { followOrderUpdates, type LiveHost, type LiveSocket, RECONNECT_FIRST_MS, RECONNECT_MAX_MS } from "../../app/lib/order-updates";
import type { ShopperOrderMessage } from "../../worker/orders";

/** A browser of the test's own: sockets it opens are kept, timers run when the test says, visibility is set by hand. */
function fakeBrowser() {
  const sockets: (LiveSocket & { url: string; closed: boolean; sent: string[] })[] = [];
  let timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  let hidden = false;
  // The jitter's draw: 0 (no jitter) unless a test says otherwise.
  let draw = 0;
  let onVisibility: (() => void) | null = null;
  const host: LiveHost = {
    open(url) {
      const socket = { url, closed: false, sent: [] as string[], onopen: null, onmessage: null, onclose: null } as (typeof sockets)[number];
      socket.send = (text) => socket.sent.push(text);
      socket.close = () => {
        socket.closed = true;
      };
      sockets.push(socket);
      return socket;
    },
    isHidden: () => hidden,
    random: () => draw,
    onVisibilityChange(listener) {
      onVisibility = listener;
      return () => {
        onVisibility = null;
      };
    },
    setTimer(run, ms) {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return {
    host,
    sockets,
    last: () => sockets.at(-1)!,
    say: (message: object) => sockets.at(-1)!.onmessage?.({ data: JSON.stringify(message) }),
    drop: (code = 1006) => sockets.at(-1)!.onclose?.({ code }),
    /** The waits now pending (a reconnect's), and runs them. */
    runTimers() {
      const due = timers.filter((timer) => !timer.cancelled);
      timers = [];
      for (const timer of due) timer.run();
      return due.map((timer) => timer.ms);
    },
    setDraw(value: number) {
      draw = value;
    },
    setHidden(value: boolean) {
      hidden = value;
      onVisibility?.();
    },
  };
}

const transition = (id: number, status: string, final = false): ShopperOrderMessage =>
  ({ type: "order", id, order_id: "o".repeat(22), number: "R1", status, status_text: status, final }) as ShopperOrderMessage;

describe("following an order's updates", () => {
  it("reads the page again on the first ready and on each transition, and resumes after the last event it saw", () => {
    const browser = fakeBrowser();
    const seen: string[] = [];
    followOrderUpdates(
      "/api/order-updates?order_id=x",
      { transitioned: (m) => seen.push(m.map((x) => x.status).join()), resync: () => seen.push("resync") },
      browser.host,
    );
    expect(browser.last().url).toBe("/api/order-updates?order_id=x");
    browser.say({ type: "ready", id: 7 });
    browser.say(transition(8, "packed"));
    browser.say(transition(8, "packed"));
    expect(seen).toEqual(["resync", "packed"]);
    browser.drop();
    expect(browser.runTimers()).toEqual([RECONNECT_FIRST_MS]);
    expect(browser.last().url).toBe("/api/order-updates?order_id=x&after=8");
    // What it missed comes before ready, and is told as one change.
    browser.say(transition(9, "out_for_delivery"));
    browser.say({ type: "ready", id: 9 });
    expect(seen).toEqual(["resync", "packed", "out_for_delivery"]);
  });

  it("backs off 1 s, 2 s, 4 s … up to 30 s (plus up to half again at random) while the store cannot be reached, and afresh once it is", () => {
    const browser = fakeBrowser();
    followOrderUpdates("/api/order-updates", { transitioned: () => {}, resync: () => {} }, browser.host);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      browser.drop();
      waits.push(...browser.runTimers());
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
    // With jitter, each wait is up to half as long again.
    browser.setDraw(0.999);
    browser.drop();
    expect(browser.runTimers()).toEqual([RECONNECT_MAX_MS + Math.floor(0.999 * (RECONNECT_MAX_MS / 2))]);
    browser.setDraw(0);
    browser.say({ type: "ready", id: 1 });
    browser.drop();
    expect(browser.runTimers()).toEqual([RECONNECT_FIRST_MS]);
  });

  it("holds no connection while the tab is hidden, and resumes when it is shown", () => {
    const browser = fakeBrowser();
    followOrderUpdates("/api/order-updates", { transitioned: () => {}, resync: () => {} }, browser.host);
    browser.say({ type: "ready", id: 3 });
    browser.setHidden(true);
    expect(browser.last().closed).toBe(true);
    expect(browser.runTimers()).toEqual([]);
    expect(browser.sockets).toHaveLength(1);
    browser.setHidden(false);
    expect(browser.sockets).toHaveLength(2);
    expect(browser.last().url).toBe("/api/order-updates?after=3");
  });

  it("stops once its order is final, or when the server closes it as final", () => {
    const browser = fakeBrowser();
    followOrderUpdates("/api/order-updates?order_id=x", { transitioned: () => {}, resync: () => {} }, browser.host);
    browser.say({ type: "ready", id: 1 });
    browser.say(transition(2, "delivered", true));
    expect(browser.last().closed).toBe(true);
    expect(browser.runTimers()).toEqual([]);
    const other = fakeBrowser();
    followOrderUpdates("/api/order-updates?order_id=y", { transitioned: () => {}, resync: () => {} }, other.host);
    other.drop(4000);
    expect(other.runTimers()).toEqual([]);
    expect(other.sockets).toHaveLength(1);
  });

  it("keeps listening to a customer's list when one of the orders is final", () => {
    const browser = fakeBrowser();
    followOrderUpdates("/api/order-updates", { transitioned: () => {}, resync: () => {} }, browser.host);
    browser.say({ type: "ready", id: 1 });
    browser.say(transition(2, "delivered", true));
    expect(browser.last().closed).toBe(false);
  });
});
