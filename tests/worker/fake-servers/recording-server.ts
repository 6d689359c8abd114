import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake outside service on loopback (runs in Node, from the worker tests' globalSetup): it records every request and
 * answers what the test asked for, so a test can check exactly what the Worker sent a provider. Each test uses its own
 * path (say `/messages/<uuid>`), so tests running at once do not see each other's requests.
 *
 *   any method, any path   → recorded; answered with the path's programmed answer, else 200 {"ok":true}
 *   GET  /__received?path=P → the requests recorded for path P, oldest first
 *   POST /__answer?path=P   → {"status": 503, "body": {...}}: what later requests to P are answered
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface Answer {
  status: number;
  body: unknown;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startRecordingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const received = new Map<string, RecordedRequest[]>();
  const answers = new Map<string, Answer>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await bodyOf(request);
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(json));
    };
    const target = url.searchParams.get("path") ?? "";
    if (url.pathname === "/__received") return reply(200, received.get(target) ?? []);
    if (url.pathname === "/__answer") {
      answers.set(target, JSON.parse(body) as Answer);
      return reply(200, { ok: true });
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const list = received.get(url.pathname) ?? [];
    list.push({ method: request.method ?? "", path: url.pathname, headers, body });
    received.set(url.pathname, list);
    const answer = answers.get(url.pathname) ?? { status: 200, body: { ok: true } };
    reply(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
