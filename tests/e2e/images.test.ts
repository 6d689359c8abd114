import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_PORT, PERSIST_DIR, ready, storeUrl, useBrowser, VARIANTS } from "./helpers";

const PICTURES = "pictures.localhost";
const FIXTURE = "tests/fixtures/pictures-store.json";
const KINDS = ["product", "category", "banner", "logo"] as const;

/** The images the fixture store refers to, by the address their content gives them (decision 042). */
const IMAGES = Object.fromEntries(
  KINDS.map((kind) => {
    const bytes = readFileSync(`tests/fixtures/images/${kind}.png`);
    return [kind, { bytes, path: `/media/images/${createHash("sha256").update(bytes).digest("hex")}.png` }];
  }),
) as Record<(typeof KINDS)[number], { bytes: Buffer; path: string }>;

function npm(args: string[]): string {
  return execFileSync("npm", ["run", "--silent", ...args], { encoding: "utf8" });
}

/** POST /api/admin/images from Node (which cannot resolve *.localhost), on loopback with the store's Host header. */
function upload(key: string, kind: string, bytes: Buffer): Promise<{ status: number; json: { path: string; url: string } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: BASE_PORT,
        method: "POST",
        path: `/api/admin/images?kind=${kind}`,
        headers: { Host: `${PICTURES}:${BASE_PORT}`, Authorization: `Bearer ${key}`, "Content-Type": "application/octet-stream" },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          data += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
      },
    );
    req.on("error", reject);
    req.end(bytes);
  });
}

// What a store owner does (README: Store owner API): import the store file, which names its images by the addresses
// their uploads answer (a hash of their bytes, known before uploading), make a key, and upload the images.
beforeAll(() => {
  npm(["store:import", "--", FIXTURE, "--persist-to", PERSIST_DIR]);
  const key = npm(["store:api-key", "--", "--store", "pictures", "--label", "e2e-images", "--persist-to", PERSIST_DIR])
    .trim()
    .split("\n")
    .at(-1)!;
  return Promise.all(
    KINDS.map(async (kind) => {
      const answer = await upload(key, kind, IMAGES[kind].bytes);
      expect(answer.status, kind).toBe(201);
      expect(answer.json.path).toBe(IMAGES[kind].path);
      expect(answer.json.url).toBe(`http://${PICTURES}:${BASE_PORT}${IMAGES[kind].path}`);
    }),
  );
}, 120_000);

interface ShownImage {
  src: string;
  currentSrc: string;
  srcset: string;
  sizes: string;
  naturalWidth: number;
}

/** Every <img> of the page, each loaded (lazy ones too): what it asked for and what it got. */
async function shownImages(page: Page): Promise<ShownImage[]> {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    return images.map((img) => ({
      src: img.getAttribute("src") ?? "",
      currentSrc: img.currentSrc,
      srcset: img.getAttribute("srcset") ?? "",
      sizes: img.getAttribute("sizes") ?? "",
      naturalWidth: img.naturalWidth,
    }));
  });
}

/** Every picture asks for its shown size, and every one arrived (a failed or 404 image fails the test by itself). */
function expectSized(images: ShownImage[]) {
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.srcset, image.src).toMatch(/^\S+ \d+w(, \S+ \d+w)*$/);
    expect(image.sizes, image.src).not.toBe("");
    expect(image.naturalWidth, image.src).toBeGreaterThan(0);
  }
}

describe.each(VARIANTS)("store images ($name)", (variant) => {
  const { open } = useBrowser();

  it("shows the images the store uploaded on its home, category and product pages, served from its own host", async () => {
    const home = await open(storeUrl(PICTURES), variant);
    await ready(home.page, variant);
    const onHome = await shownImages(home.page);
    expectSized(onHome);
    for (const kind of KINDS) {
      const shown = onHome.find((image) => image.src === IMAGES[kind].path);
      expect(shown, kind).toBeDefined();
      // Locally the stored file is the one candidate (no resizing there).
      expect(shown!.srcset).toMatch(new RegExp(`^${IMAGES[kind].path} \\d+w$`));
      expect(new URL(shown!.currentSrc).pathname).toBe(IMAGES[kind].path);
    }

    for (const path of ["/category/frames", "/product/oak-frame"]) {
      const { page } = await open(storeUrl(PICTURES, path), variant);
      await ready(page, variant);
      const images = await shownImages(page);
      expectSized(images);
      expect(images.some((image) => image.src === IMAGES.product.path && image.naturalWidth > 0)).toBe(true);
    }
  });

  it("asks for each demo picture's shown size, and every one loads", async () => {
    for (const path of ["/", "/category/pizzas", "/product/margherita-pizza"]) {
      const { page } = await open(storeUrl("food.localhost", path), variant);
      await ready(page, variant);
      expectSized(await shownImages(page));
    }
  });
});
