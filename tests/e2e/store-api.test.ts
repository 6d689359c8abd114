import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { BASE_PORT, DEMO_PLATFORM_KEY, PERSIST_DIR, ready, storeUrl, useBrowser, VARIANTS, visibleText } from "./helpers";

/**
 * A store created and replaced through the store API by `npm run store:import -- --remote` over real HTTP (decision
 * 040), then its new products on its pages. The store is this file's own, so no other test sees its changes.
 */
const SLUG = "api-import";
const HOST = `${SLUG}.localhost`;
const run = promisify(execFile);

const dish = (id: number, name: string, slug: string) => ({ ...structuredClone(food.products[0]!), id, name, slug });
const storeFile = { ...structuredClone(food), slug: SLUG, hostnames: [HOST], demo_customers: [] };

/** npm run <script> -- <args>; answers its exit code and output, failing or not. */
async function npm(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", ...args], { encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const platform = ["--remote", "--url", `http://127.0.0.1:${BASE_PORT}`, "--host", HOST, "--platform-key", DEMO_PLATFORM_KEY];
const remote = (key: string) => ["--remote", "--url", `http://127.0.0.1:${BASE_PORT}`, "--host", HOST, "--key", key];

let cliOutput = "";

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "store-api-e2e-"));
  const write = (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    return file;
  };
  // The platform creates the store; the CLI prints its first key, which opens it.
  const created = await npm("store:import", [...platform, write("first.json", storeFile)]);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toMatch(/^Imported "api-import" \(37 products, 0 demo customers\) for api-import\.localhost from /m);
  const firstKey = created.stdout.trim().split("\n").at(-1)!;
  expect(firstKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  const again = await npm("store:import", [...platform, write("again.json", storeFile)]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/answered 409 store_exists: A store with the slug "api-import" already exists/);
  // The owner makes a key that may only replace the store (README: Store owner API).
  const keyRun = await npm("store:api-key", ["--store", SLUG, "--scope", "store", "--persist-to", PERSIST_DIR]);
  const key = keyRun.stdout.trim().split("\n").at(-1)!;
  expect(key, keyRun.stderr).toMatch(/^sk_/);

  // The whole file with a new dish (the first key), then the products section with one more (the store-scoped key).
  const whole = { ...storeFile, products: [...storeFile.products, dish(9101, "Saffron Kulfi Falooda", "saffron-kulfi-falooda")] };
  const replaced = await npm("store:import", [...remote(firstKey), write("whole.json", whole)]);
  expect(replaced.code, replaced.stderr).toBe(0);
  const sectioned = { ...whole, products: [...whole.products, dish(9102, "Jaggery Appam", "jaggery-appam")] };
  const section = await npm("store:import", [...remote(key), "--section", "products", write("section.json", sectioned)]);
  expect(section.code, section.stderr).toBe(0);
  cliOutput = replaced.stdout + section.stdout;

  // A refused file: the CLI says which field, as the local import does, and exits 1 with nothing changed.
  const bad = structuredClone(sectioned);
  (bad.products[1] as { selling_price: unknown }).selling_price = -3;
  const refused = await npm("store:import", [...remote(key), write("bad.json", bad)]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/The store file was not imported:\n\s+- products\[1\]\.selling_price: /);
}, 90_000);

describe.each(VARIANTS)("a store replaced through the API ($name)", (variant) => {
  const { open } = useBrowser();

  it("shows the products the API import added", async () => {
    expect(cliOutput).toMatch(/^Imported "api-import" \(38 products, 0 demo customers\) for api-import\.localhost from .*whole\.json/m);
    expect(cliOutput).toMatch(/^Imported its products \(39 products/m);
    for (const [slug, name] of [
      ["saffron-kulfi-falooda", "Saffron Kulfi Falooda"],
      ["jaggery-appam", "Jaggery Appam"],
    ]) {
      const { page, response } = await open(storeUrl(HOST, `/product/${slug}`), variant);
      expect(response.status()).toBe(200);
      await ready(page, variant);
      await expect(visibleText(page.getByTestId("product-page").locator("h1"))).resolves.toBe(name);
    }
    // Search reads the new products too (the search index is written by the same import).
    const { page } = await open(storeUrl(HOST, "/search?q=Jaggery"), variant);
    await expect(page.getByTestId("product-card").filter({ hasText: "Jaggery Appam" }).count()).resolves.toBe(1);
  });
});
