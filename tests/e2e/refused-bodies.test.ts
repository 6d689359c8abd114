import { request } from "node:http";
import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { apiOk, storeApi } from "./api-steps";
import { BASE_PORT } from "./helpers";

/**
 * Bodies the Worker refuses, sent through the server `npm start` serves: each is answered, and the server goes on
 * serving. Under `wrangler dev` a body the Worker left unread used to hang the client and, once large enough, break the
 * proxy's connection to the Worker and end the server (web/bounded-body.ts).
 */

const HOST = "food.localhost";
const ORIGIN = `http://${HOST}:${BASE_PORT}`;
const TWENTY_MB = 20 * 1024 * 1024;

interface Sent {
  path: string;
  contentType: string;
  body: Buffer;
  /** Send without Content-Length (chunked), so the Worker learns the size only by reading. */
  chunked?: boolean;
}

/** Posts the body from Node (on loopback, with the store's Host) and answers the status once the answer has ended. */
function post({ path, contentType, body, chunked }: Sent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: BASE_PORT,
        method: "POST",
        path,
        headers: {
          Host: `${HOST}:${BASE_PORT}`,
          Origin: ORIGIN,
          "Content-Type": contentType,
          ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(body.byteLength) }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error(`no complete answer to POST ${path} in 20 s`)));
    req.on("error", reject);
    if (chunked) {
      // In 1 MiB pieces, as a client streaming an upload would.
      for (let offset = 0; offset < body.byteLength; offset += 1024 * 1024) req.write(body.subarray(offset, offset + 1024 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: BASE_PORT, path, headers: { Host: `${HOST}:${BASE_PORT}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer to GET ${path} in 20 s`)));
    req.on("error", reject);
    req.end();
  });
}

const form = Buffer.concat([Buffer.from("product_id=14&quantity=1&note="), Buffer.alloc(TWENTY_MB, "a")]);
const FORM = "application/x-www-form-urlencoded";

const REFUSED: [string, Sent, number][] = [
  ["a 20 MB form to a product page", { path: "/product/paneer-tikka", contentType: FORM, body: form }, 413],
  ["a 20 MB form streamed without a length", { path: "/product/paneer-tikka", contentType: FORM, body: form, chunked: true }, 413],
  [
    "a broken multipart body to a product page",
    { path: "/product/margherita-pizza", contentType: "multipart/form-data; boundary=zzz", body: Buffer.from("--yyy\r\nbroken") },
    400,
  ],
  ["a 20 MB form to a page without an action", { path: "/page/about-us", contentType: FORM, body: form }, 405],
  ["a 20 MB call to the API", { path: "/api/cart/add", contentType: "application/json", body: form }, 413],
  [
    "a 20 MB call to the API streamed without a length",
    { path: "/api/cart/add", contentType: "application/json", body: form, chunked: true },
    413,
  ],
  // The owner's and the platform's calls answer for their key before the body is read, then read it to its end.
  ["a 20 MB image without the owner's key", { path: "/api/admin/images?kind=product", contentType: "image/png", body: form }, 401],
  [
    "a 20 MB store file without the platform key, streamed",
    { path: "/api/platform/stores", contentType: "application/json", body: form, chunked: true },
    401,
  ],
];

describe("a refused body does not take the server down", () => {
  for (const [name, sent, status] of REFUSED) {
    it(`${name}: ${status}, then the home page`, async () => {
      await expect(post(sent)).resolves.toBe(status);
      await expect(get("/")).resolves.toBe(200);
    });
  }

  it("the whole series twice more, then the home page", async () => {
    for (let round = 0; round < 2; round++) for (const [, sent, status] of REFUSED) await expect(post(sent)).resolves.toBe(status);
    await expect(get("/")).resolves.toBe(200);
  });
});

/**
 * Sends a call's headers, declaring `declared` bytes of body, and the first 64 KiB of it, then waits: answers the status
 * of the answer that comes before the rest is sent (decision 059), or fails after 5 s.
 */
function answeredBeforeTheBody(method: string, path: string, headers: Record<string, string>, declared: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(BASE_PORT, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${method} ${path} in 5 s before its body was sent`));
    }, 5_000);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (!status || !received.includes("\r\n\r\n")) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(status[1]));
    });
    socket.on("error", reject);
    const lines = Object.entries({ Host: `${HOST}:${BASE_PORT}`, ...headers, "Content-Length": String(declared) }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, "a"));
  });
}

const SIXTEEN_MIB = 16 * 1024 * 1024;

describe("a call refused from its headers answers before its body is sent", () => {
  const json = { "Content-Type": "application/json" };

  it("a 16 MiB store file or image without the owner's key: 401; with a key of another scope: 403", async () => {
    const ordersKey = (
      await apiOk<{ key: string }>(
        storeApi(
          "POST",
          "/api/admin/keys",
          { Authorization: `Bearer ${inject("foodStoreKey")}` },
          { label: "refused bodies", scope: "orders" },
        ),
        201,
      )
    ).key;
    await expect(answeredBeforeTheBody("PUT", "/api/admin/store", json, SIXTEEN_MIB)).resolves.toBe(401);
    await expect(
      answeredBeforeTheBody("POST", "/api/admin/images?kind=product", { "Content-Type": "image/png" }, SIXTEEN_MIB),
    ).resolves.toBe(401);
    const wrongScope = { ...json, Authorization: `Bearer ${ordersKey}` };
    await expect(answeredBeforeTheBody("PUT", "/api/admin/store", wrongScope, SIXTEEN_MIB)).resolves.toBe(403);
    await expect(answeredBeforeTheBody("PUT", "/api/admin/store/products", wrongScope, SIXTEEN_MIB)).resolves.toBe(403);
    await expect(get("/")).resolves.toBe(200);
  });

  it("a body declared over its call's limit: 413, also to the owner's own key", async () => {
    const owner = { "Content-Type": "image/png", Authorization: `Bearer ${inject("foodStoreKey")}` };
    await expect(answeredBeforeTheBody("POST", "/api/admin/images?kind=product", owner, SIXTEEN_MIB)).resolves.toBe(413);
    await expect(answeredBeforeTheBody("POST", "/api/cart/add", { ...json, Origin: ORIGIN }, SIXTEEN_MIB)).resolves.toBe(413);
    await expect(get("/")).resolves.toBe(200);
  });
});
