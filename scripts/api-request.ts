import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** One call to a storefront's API from a CLI, over real HTTP as any client of the API makes it. */
export interface ApiRequest {
  /** The Worker's origin (https://shop.example.com, http://food.localhost:8787, http://127.0.0.1:8787). */
  url: string;
  /** The Host to send in place of the URL's, to reach a store through an address that is not its own (127.0.0.1). */
  host?: string;
  method: string;
  path: string;
  bearer: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Sends the call and answers the API's status and JSON; anything but JSON is an error naming the origin. A
 * `*.localhost` address is reached on 127.0.0.1 with its Host header (Node does not resolve those names; a Worker on
 * loopback answers by host name).
 */
export function apiRequest(call: ApiRequest): Promise<ApiAnswer> {
  const url = new URL(call.path, call.url);
  const loopback = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        protocol: url.protocol,
        host: loopback ? "127.0.0.1" : url.hostname,
        port: url.port || undefined,
        method: call.method,
        path: url.pathname + url.search,
        servername: loopback ? undefined : url.hostname,
        headers: {
          Host: call.host ?? url.host,
          Authorization: `Bearer ${call.bearer}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json", "Content-Length": String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            reject(new Error(`${url.origin} answered ${res.statusCode} without JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
