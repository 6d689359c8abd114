import { request as httpRequest } from "node:http";

/**
 * A fetch for Node that reaches a store by its own hostname on loopback: Node cannot resolve *.localhost, and its fetch
 * sends the URL's host whatever Host header it is given, so the request goes over node:http with the store's Host.
 */
export function loopbackFetch(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.host;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "127.0.0.1", port: url.port, path: `${url.pathname}${url.search}`, method: request.method, headers },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
            }
            const status = incoming.statusCode ?? 502;
            const empty = status === 204 || status === 304 || request.method === "HEAD";
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      outgoing.on("error", reject);
      request.signal.addEventListener("abort", () => outgoing.destroy(request.signal.reason));
      outgoing.end(body ?? undefined);
    });
  };
}
