import { expect } from "vitest";
import type { LiveMessage } from "../../worker/orders";
import { request } from "./request";

/** An open live connection: what it has been sent so far, a wait for the next message, and how it closed. */
export interface Listener {
  messages: LiveMessage[];
  next(): Promise<LiveMessage>;
  closed: Promise<number>;
  /** `closed`, or a failure when the connection is still open after the wait for a message. */
  closedSoon(): Promise<number>;
  close(): void;
}

const WAIT_MS = 3000;

/** Who opens a live call and how: its headers, the store's host, and `cf` for a visitor through Cloudflare (viaCloudflare). */
export interface Caller {
  headers?: Record<string, string>;
  host?: string;
  cf?: IncomingRequestCfProperties;
}

/** Asks for the live call `path` as a WebSocket client would (the handshake's headers); answers the answer as it is. */
export function handshake(path: string, { headers = {}, host = "food.localhost", cf }: Caller = {}): Promise<Response> {
  return request(host, path, { headers: { Upgrade: "websocket", Connection: "Upgrade", ...headers }, ...(cf ? { cf } : {}) });
}

/** Opens the live call `path` at `host` as a WebSocket client would (the handshake's headers), with `headers`. */
export async function listen(path: string, headers: Record<string, string> = {}, host = "food.localhost"): Promise<Listener> {
  return listenAs(path, { headers, host });
}

/** `listen` as `caller`. */
export async function listenAs(path: string, caller: Caller): Promise<Listener> {
  const response = await handshake(path, caller);
  expect(response.status, await answerText(response)).toBe(101);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const socket = response.webSocket;
  if (!socket) throw new Error("no WebSocket in the answer");
  socket.accept();
  const messages: LiveMessage[] = [];
  let read = 0;
  let wake: (() => void) | null = null;
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(String(event.data)) as LiveMessage);
    wake?.();
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  return {
    messages,
    closed,
    closedSoon: () =>
      Promise.race([
        closed,
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`still open after ${WAIT_MS} ms`)), WAIT_MS)),
      ]),
    close: () => socket.close(1000, "done"),
    async next() {
      const deadline = Date.now() + WAIT_MS;
      while (read >= messages.length) {
        if (Date.now() > deadline) throw new Error(`no live message within ${WAIT_MS} ms (had ${JSON.stringify(messages)})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return messages[read++] as LiveMessage;
    },
  };
}

/** Lets whatever was sent arrive, so a test can say that nothing did. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answerText(response: Response): Promise<string> {
  return response.status === 101 ? "" : await response.clone().text();
}
