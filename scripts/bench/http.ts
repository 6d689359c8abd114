import { request } from "node:http";

/**
 * One HTTP request with its own Host header. Not fetch(): undici drops a Host header, so the request would reach
 * whichever store 127.0.0.1 maps to (food) instead of the target's. With `timeoutMs`, a request with no answer by then
 * (no status, or the body not read to its end) is abandoned and the promise rejects. `newConnection` sends it on a
 * connection of its own, never on a kept-alive one. Otherwise a request written to a kept-alive connection the server
 * closed at that moment (it was idle past the server's timeout: "socket hang up" before any answer) is sent once more
 * on a new one, as a browser does and as Node's documentation for `request.reusedSocket` advises.
 */
export function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  { timeoutMs, newConnection = false }: { timeoutMs?: number; newConnection?: boolean } = {},
): Promise<Answer> {
  return sendOnce(method, url, headers, body, timeoutMs, newConnection).catch(
    (error: Error & { reusedSocket?: boolean; code?: string }) => {
      if (!error.reusedSocket || error.code !== "ECONNRESET") throw error;
      return sendOnce(method, url, headers, body, timeoutMs, true);
    },
  );
}

type Answer = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

function sendOnce(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number | undefined,
  newConnection: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method, headers, ...(newConnection ? { agent: false } : {}) }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text, headers: res.headers });
      });
      res.on("error", reject);
    });
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      // Only an error before any answer is worth sending again; `send` decides from these two.
      reject(Object.assign(error, { reusedSocket: req.reusedSocket && !answered }));
    });
    req.end(body);
  });
}

/** What an answer's `Server-Timing` says the database cost it (worker/db/server-timing.ts). */
export interface DbTiming {
  /** Milliseconds during which at least one of the request's database calls was in flight. */
  ms: number;
  calls: number;
  /** The chain: calls made while none was in flight, each waiting for the one before. */
  roundTrips: number;
}

const DB_TIMING = /db;dur=([\d.]+);desc="(\d+) queries, (\d+) round trips"/;

/** The `db` entry of an answer's Server-Timing header, or null when it has none. */
export function dbTiming(header: string | string[] | undefined): DbTiming | null {
  const match = DB_TIMING.exec(String(header ?? ""));
  return match ? { ms: Number(match[1]), calls: Number(match[2]), roundTrips: Number(match[3]) } : null;
}
