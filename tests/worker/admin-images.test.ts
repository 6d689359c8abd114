import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { storeKeyHash } from "../../worker/admin/store-keys";
import worker from "../../worker/index";
import { importStore } from "../../worker/store-import/import-store";
import { newCustomer } from "./accounts-helpers";
import { storeKey } from "./admin-helpers";
import { json, request } from "./request";

const PNG_1PX = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 26, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c]);

let made = 0;
/** A PNG no other test uploaded (bytes after the end are ignored by readers), so each test's address is its own. */
function uniquePng(): Uint8Array<ArrayBuffer> {
  made++;
  return new Uint8Array([...PNG_1PX, ...new TextEncoder().encode(`test ${made} ${crypto.randomUUID()}`)]);
}

interface ImageAnswer {
  url: string;
  path: string;
  kind: string;
  content_type: string;
  bytes: number;
}

type Body = Uint8Array<ArrayBuffer> | FormData | string;

function upload(key: string | null, body: Body | undefined, query = "?kind=product", host = "food.localhost") {
  const headers: Record<string, string> = {};
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (body instanceof Uint8Array) headers["Content-Type"] = "application/octet-stream";
  return request(host, `/api/admin/images${query}`, { method: "POST", headers, body });
}

function multipart(bytes: Uint8Array<ArrayBuffer>, field = "file"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes], "photo.png", { type: "image/png" }));
  return form;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function storedImages(tenantId: number): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `images/${tenantId}/` })).objects.map((object) => object.key);
}

describe("POST /api/admin/images: who may upload", () => {
  it("refuses no key, a wrong key, a shopper's session, another store's key and a revoked key with 401, storing nothing", async () => {
    const customer = await newCustomer();
    const retailKey = await storeKey(2);
    const revoked = await storeKey(1);
    await env.DB.prepare("UPDATE store_api_keys SET revoked_at = ?1 WHERE key_hash = ?2")
      .bind(Date.now(), await storeKeyHash(revoked))
      .run();
    const before = await storedImages(1);
    for (const key of [null, "sk_wrong", `sk_${"a".repeat(43)}`, customer.token, retailKey, revoked]) {
      const refused = await upload(key, uniquePng());
      expect(refused.status, String(key)).toBe(401);
      expect(refused.headers.get("WWW-Authenticate")).toBe("Bearer");
      expect(await json(refused)).toMatchObject({ code: "unauthenticated" });
    }
    expect(await storedImages(1)).toEqual(before);
    // The other store's key uploads to its own store.
    const retailBefore = (await storedImages(2)).length;
    expect((await upload(retailKey, uniquePng(), "?kind=logo", "retail.localhost")).status).toBe(201);
    expect(await storedImages(2)).toHaveLength(retailBefore + 1);
  });

  it("refuses a key scoped to orders with 403, and takes one scoped to the store", async () => {
    const ordersKey = await storeKey(1);
    const storeScoped = await storeKey(1);
    await env.DB.prepare("UPDATE store_api_keys SET scope = ?1 WHERE key_hash = ?2")
      .bind("orders", await storeKeyHash(ordersKey))
      .run();
    await env.DB.prepare("UPDATE store_api_keys SET scope = ?1 WHERE key_hash = ?2")
      .bind("store", await storeKeyHash(storeScoped))
      .run();
    const before = await storedImages(1);
    const refused = await upload(ordersKey, uniquePng());
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "forbidden" });
    expect(await storedImages(1)).toEqual(before);
    expect((await upload(storeScoped, uniquePng())).status).toBe(201);
  });
});

describe("POST /api/admin/images: storing", () => {
  it("keeps a PNG, JPEG or WebP under its content's hash and type, answering its address on the store's host", async () => {
    const key = await storeKey();
    for (const [bytes, type, extension, kind] of [
      [uniquePng(), "image/png", "png", "product"],
      [JPEG, "image/jpeg", "jpg", "banner"],
      [WEBP, "image/webp", "webp", "category"],
    ] as const) {
      const answer = await upload(key, bytes, `?kind=${kind}`);
      expect(answer.status).toBe(201);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      const hash = await sha256Hex(bytes);
      const path = `/media/images/${hash}.${extension}`;
      expect(await json<ImageAnswer>(answer)).toEqual({
        url: `http://food.localhost${path}`,
        path,
        kind,
        content_type: type,
        bytes: bytes.byteLength,
      });
      const object = await env.MEDIA.head(`images/1/${hash}.${extension}`);
      expect(object?.httpMetadata?.contentType).toBe(type);
      expect(object?.customMetadata).toEqual({ kind });
    }
  });

  it("takes the file field of a multipart form, and stores the same bytes once (200, the same address)", async () => {
    const key = await storeKey();
    const before = (await storedImages(1)).length;
    const bytes = uniquePng();
    const first = await upload(key, multipart(bytes), "?kind=logo");
    expect(first.status).toBe(201);
    const image = await json<ImageAnswer>(first);
    expect(image.path).toBe(`/media/images/${await sha256Hex(bytes)}.png`);
    const again = await upload(key, bytes, "?kind=logo");
    expect(again.status).toBe(200);
    expect(await json<ImageAnswer>(again)).toEqual(image);
    expect(await storedImages(1)).toHaveLength(before + 1);
  });

  it("refuses a missing or unknown kind, no image, what is not a PNG, JPEG or WebP, and an image over 5 MB", async () => {
    const key = await storeKey();
    const before = (await storedImages(1)).length;
    for (const query of ["", "?kind=avatar", "?kind=PRODUCT"]) {
      const refused = await upload(key, uniquePng(), query);
      expect(refused.status, query).toBe(400);
      expect(await json(refused)).toMatchObject({ code: "invalid_input", issues: [{ path: "kind" }] });
    }
    const missing = [
      new Uint8Array(),
      multipart(uniquePng(), "image"),
      (() => {
        const form = new FormData();
        form.append("file", "not a file");
        return form;
      })(),
    ];
    for (const body of missing) {
      const refused = await upload(key, body);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toEqual({
        code: "image_missing",
        message: "Send the image: its bytes as the request body, or a multipart/form-data body with one file field named `file`.",
      });
    }
    const broken = await request("food.localhost", "/api/admin/images?kind=product", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "multipart/form-data; boundary=x" },
      body: "not a form",
    });
    expect(broken.status).toBe(400);
    expect(await json(broken)).toEqual({ code: "bad_request", message: "The multipart/form-data body could not be read." });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
    for (const body of [svg, gif, new TextEncoder().encode("just text, named photo.png"), multipart(svg)]) {
      const refused = await upload(key, body);
      expect(refused.status).toBe(415);
      expect(await json(refused)).toEqual({
        code: "unsupported_image_type",
        message: "The file is not a PNG, JPEG or WebP image (its type is read from its bytes, not its name).",
      });
    }
    const oversized = new Uint8Array(5 * 1024 * 1024 + 1);
    oversized.set(PNG_1PX);
    for (const body of [oversized, multipart(oversized)]) {
      const refused = await upload(key, body);
      expect(refused.status).toBe(413);
      expect(await json(refused)).toEqual({
        code: "image_too_large",
        message: "The image is larger than 5 MB: export it smaller and upload it again.",
      });
    }
    // Just at the limit is taken.
    const largest = oversized.slice(0, 5 * 1024 * 1024);
    expect((await upload(key, largest)).status).toBe(201);
    // A body far past the limit is cut off before it is read.
    const huge = await upload(key, new Uint8Array(10 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({ code: "payload_too_large" });
    expect(await storedImages(1)).toHaveLength(before + 1);
  });
});

describe("GET /media/images/…", () => {
  it("serves the store's image for a year with an ETag, and only on the store's own host", async () => {
    const key = await storeKey();
    const bytes = uniquePng();
    const { path } = await json<ImageAnswer>(await upload(key, bytes));
    const served = await request("food.localhost", path);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const etag = served.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await request("food.localhost", path, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    const head = await request("food.localhost", path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.byteLength));

    // Another store's host: its own images only, though the address names no store.
    const elsewhere = await request("retail.localhost", path);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("Cache-Control")).toBe("no-store");
    // The same bytes uploaded by the other store are its own copy.
    expect((await upload(await storeKey(2), bytes, "?kind=product", "retail.localhost")).status).toBe(201);
    expect((await request("retail.localhost", path)).status).toBe(200);

    for (const bad of [
      path.replace(".png", ".jpg"),
      path.toUpperCase().replace("/MEDIA/IMAGES/", "/media/images/"),
      `/media/images/${"0".repeat(64)}.png`,
      "/media/images/../avatars/1/1/x.png",
      `/media/images/1/${path.slice("/media/images/".length)}`,
    ]) {
      expect((await request("food.localhost", bad)).status, bad).toBe(404);
    }
  });
});

/** A page as the Worker renders it with `IMAGE_RESIZING` set as given. */
async function page(path: string, resizing: string): Promise<string> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://food.localhost${path}`), { ...env, IMAGE_RESIZING: resizing }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

/** The attributes of the first <img> whose src contains `needle`. */
function imgWith(html: string, needle: string): Record<string, string> {
  const tag = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(needle));
  expect(tag, needle).toBeDefined();
  // React writes srcSet camel-cased: HTML attribute names are case-insensitive.
  return Object.fromEntries(
    [...tag!.matchAll(/([A-Za-z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!.replaceAll("&amp;", "&")]),
  );
}

describe("a store file that refers to uploaded images", () => {
  it("imports, and its pages ask for each image's shown size: resized by Cloudflare when set, else the stored file", async () => {
    const key = await storeKey();
    const product = await json<ImageAnswer>(await upload(key, uniquePng(), "?kind=product"));
    const logo = await json<ImageAnswer>(await upload(key, uniquePng(), "?kind=logo"));
    const store = structuredClone(food);
    const margherita = store.products.find((p) => p.slug === "margherita-pizza")!;
    margherita.images = [product.path];
    store.settings.logo = logo.path;
    await importStore(env, store, { pepper: env.PASSWORD_PEPPER });

    const resized = await page("/product/margherita-pizza", "cloudflare");
    const picture = imgWith(resized, product.path);
    const cdn = (width: number) => `/cdn-cgi/image/width=${width},format=auto${product.path}`;
    expect(picture.src).toBe(cdn(1472));
    expect(picture.srcset).toBe([360, 480, 736, 1104, 1472].map((w) => `${cdn(w)} ${w}w`).join(", "));
    expect(picture.sizes).toBe("(min-width: 769px) 736px, calc(100vw - 2rem)");
    const navLogo = imgWith(resized, logo.path);
    expect(navLogo.srcset).toContain(`/cdn-cgi/image/width=32,format=auto${logo.path} 32w`);
    expect(navLogo.sizes).toBe("32px");
    // The demo's own files and URLs elsewhere are left as they are, one candidate each.
    const home = await page("/", "cloudflare");
    const demoCard = imgWith(home, "/demo/food/products/");
    expect(demoCard.srcset).toBe(`${demoCard.src} 640w`);
    expect(demoCard.sizes).toBe("(min-width: 769px) 33vw, 50vw");
    const demoBanner = imgWith(home, "/demo/food/banners/");
    expect(demoBanner.srcset).toBe(`${demoBanner.src} 2400w`);
    expect(home).not.toContain("/cdn-cgi/image/width=2400,format=auto/demo");

    const plain = await page("/product/margherita-pizza?plain", "");
    const stored = imgWith(plain, product.path);
    expect(stored.src).toBe(product.path);
    expect(stored.srcset).toBe(`${product.path} 1472w`);
    expect(stored.sizes).toBe("(min-width: 769px) 736px, calc(100vw - 2rem)");
    expect(plain).not.toContain("/cdn-cgi/image/");
    expect((await request("food.localhost", product.path)).status).toBe(200);
  });
});
