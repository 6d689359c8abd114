import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { send } from "../../scripts/bench/http";

// A server that answers the first request on each connection and keeps it alive, then closes that connection without
// answering when a second request arrives on it: the race of a kept-alive connection the server closes as it is reused.
function flakyKeepAliveServer(): Promise<{ url: string; connections: () => number; close: () => void }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    let requests = 0;
    socket.on("data", (chunk) => {
      if (!chunk.toString("latin1").includes("\r\n\r\n")) return;
      requests++;
      if (requests > 1) socket.destroy();
      else socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/`,
        connections: () => connections,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    }),
  );
}

let close = () => {};
afterEach(() => close());

describe("the bench's send", () => {
  it("sends a request again on a new connection when its kept-alive one was closed before any answer", async () => {
    const server = await flakyKeepAliveServer();
    close = server.close;
    expect((await send("GET", server.url, { Host: "a.localhost" })).status).toBe(200);
    // The second goes out on the kept-alive connection, which the server closes; it is answered on a new one.
    const again = await send("POST", server.url, { Host: "a.localhost" }, "{}");
    expect(again).toMatchObject({ status: 200, text: "ok" });
    expect(server.connections()).toBe(2);
  });

  it("does not send again a request that failed on a connection of its own", async () => {
    const server = await flakyKeepAliveServer();
    close = server.close;
    server.close();
    await expect(send("GET", server.url, { Host: "a.localhost" }, undefined, { newConnection: true })).rejects.toThrow(/ECONNREFUSED/);
  });
});
