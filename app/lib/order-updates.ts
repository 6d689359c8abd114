import type { LiveMessage, ShopperOrderMessage } from "../../worker/orders";

/** The first wait before reconnecting, doubled after each failed try up to the last (decision 051). */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** A keep-alive, answered by the store's object without waking it, so proxies do not drop an idle connection. */
export const KEEP_ALIVE_MS = 30_000;
/** The close code the server uses for an order that is final (worker/orders/live-messages.ts CLOSE_FINAL). */
const CLOSE_FINAL = 4000;

/** A WebSocket as the follower uses it; tests hand in their own. */
export interface LiveSocket {
  send(text: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
}

/** What the follower needs from the browser; tests hand in their own. */
export interface LiveHost {
  open(url: string): LiveSocket;
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  setTimer(run: () => void, ms: number): () => void;
  /** A number in [0, 1), for the reconnect's jitter. */
  random(): number;
}

export interface OrderUpdateHandlers {
  /** An order transitioned (or what was missed while away): read the page's data again and say what changed. */
  transitioned(messages: ShopperOrderMessage[]): void;
  /** The page may be behind what it listens from now (a first connection, or more was missed than is replayed). */
  resync(): void;
}

/**
 * Follows `path` (an /api/order-updates address) over one WebSocket: on each transition it calls `transitioned`; when
 * the connection drops it reconnects after 1 s, 2 s, 4 s … up to 30 s (each up to half as long again, at random),
 * asking for what came after the last event it saw; while the tab is hidden it holds no connection (and resumes when
 * shown); once the order is final it stops. Answers a function that stops it.
 */
export function followOrderUpdates(path: string, handlers: OrderUpdateHandlers, host: LiveHost = browserLiveHost): () => void {
  // One order's page stops once that order is final; a list of orders listens on.
  const oneOrder = path.includes("order_id=");
  let after: number | null = null;
  let socket: LiveSocket | null = null;
  let wait = RECONNECT_FIRST_MS;
  let cancelTimer: (() => void) | null = null;
  let stopped = false;
  let pending: ShopperOrderMessage[] = [];

  const clearTimer = () => {
    cancelTimer?.();
    cancelTimer = null;
  };
  const disconnect = () => {
    const open = socket;
    socket = null;
    if (open) {
      open.onopen = null;
      open.onmessage = null;
      open.onclose = null;
      open.close();
    }
  };
  const stop = () => {
    stopped = true;
    clearTimer();
    disconnect();
  };
  const keepAlive = () => {
    cancelTimer = host.setTimer(() => {
      socket?.send("ping");
      keepAlive();
    }, KEEP_ALIVE_MS);
  };
  const receive = (message: LiveMessage) => {
    if (message.type === "order") {
      if ("order_id" in message && (after === null || message.id > after)) pending.push(message);
      return;
    }
    // Ready (or a gap): what was missed has been sent; the connection is healthy, so the next drop starts afresh.
    wait = RECONNECT_FIRST_MS;
    const first = after === null;
    const transitions = pending;
    pending = [];
    after = Math.max(after ?? 0, message.id, ...transitions.map((transition) => transition.id));
    if (transitions.length > 0) handlers.transitioned(transitions);
    // A first connection cannot know what changed between the page's render and now: the page is read once more.
    else if (first || message.type === "gap") handlers.resync();
    if (oneOrder && transitions.some((transition) => transition.final)) stop();
  };
  const connect = () => {
    clearTimer();
    if (stopped || socket || host.isHidden()) return;
    const query = after === null ? "" : `${path.includes("?") ? "&" : "?"}after=${after}`;
    const opened = host.open(`${path}${query}`);
    socket = opened;
    opened.onopen = keepAlive;
    opened.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as LiveMessage;
        receive(message);
        // After `ready`, a transition arrives alone: it is told at once.
        if (message.type === "order" && after !== null) receive({ type: "ready", id: after });
      } catch {
        // Not ours ("pong", or a broken frame): ignored.
      }
    };
    opened.onclose = (event) => {
      socket = null;
      clearTimer();
      if (event.code === CLOSE_FINAL) return stop();
      // Up to half as long again, at random: the pages a restart of the object dropped do not all come back at once.
      cancelTimer = host.setTimer(connect, wait + Math.floor(host.random() * (wait / 2)));
      wait = Math.min(wait * 2, RECONNECT_MAX_MS);
    };
  };
  const unlisten = host.onVisibilityChange(() => {
    if (host.isHidden()) {
      clearTimer();
      disconnect();
    } else connect();
  });
  connect();
  return () => {
    unlisten();
    stop();
  };
}

/** The browser's WebSocket and timers; the address is made absolute on the page's own host (ws: or wss:). */
export const browserLiveHost: LiveHost = {
  open(path) {
    const url = new URL(path, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    const socket: LiveSocket = {
      send: (text) => ws.send(text),
      // Closed while still connecting, the browser logs an error: such a socket is closed once it opens instead.
      close: () => (ws.readyState === WebSocket.CONNECTING ? ws.addEventListener("open", () => ws.close()) : ws.close()),
      onopen: null,
      onmessage: null,
      onclose: null,
    };
    ws.addEventListener("open", () => socket.onopen?.());
    ws.addEventListener("message", (event) => socket.onmessage?.(event));
    ws.addEventListener("close", (event) => socket.onclose?.(event));
    return socket;
  },
  isHidden: () => document.visibilityState === "hidden",
  onVisibilityChange(listener) {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
  setTimer(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  random: () => Math.random(),
};
