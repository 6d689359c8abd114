import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { BASE_PORT } from "./helpers";

/**
 * Bodies the Worker refuses, sent through the server `npm start` serves: each is answered, and the server goes on
 * serving. Under `wrangler dev` a body the Worker left unread used to hang the client and, once large enough, break the
 * proxy's connection to the Worker and end the server (commerce/bounded-body.ts).
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
