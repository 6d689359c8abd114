import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { send } from "../../scripts/bench/http";
import { CATALOGUE_REPLACE, OTHER_STORE_REQUESTS, REPLACE_CLIENT_TIMEOUT_MS, replaceStore, watchWhile } from "../../scripts/bench/replace";
import { ensureGeneratedStores } from "../../scripts/bench/stores";
import { BASE_PORT, DEMO_PLATFORM_KEY } from "./helpers";

/**
 * Issue 37: locally, one store's 60,000-product replace makes no other store's request fail or time out. The local
 * runtime serves every store from one thread, so the other store's page, API read and cart add wait out the replace
 * (seconds); each must still answer as it should within the client's timeout, through wrangler dev's proxy as
 * `npm start` serves it (decision 062). The replaced store is this file's own: created with a dozen products through
 * the platform API, then replaced by its owner with the 60,000 (scripts/generate-store.ts --plain, cached in
 * .bench/stores like the benchmark's), with the 60,000 again (the catalogue replace the benchmark times), and with the
 * dozen again, so the suite's database is left small.
 */
const BASE = `http://127.0.0.1:${BASE_PORT}`;

describe("one store's 60,000-product replace", () => {
  it("fails no other store's request, and none of them waits past the client's timeout", { timeout: 300_000 }, async () => {
    const [file] = ensureGeneratedStores([CATALOGUE_REPLACE]);
    const full = readFileSync(file!, "utf8");
    const store = JSON.parse(full) as { products: unknown[] };
    const small = JSON.stringify({ ...store, products: store.products.slice(0, 12) });
    const created = await send(
      "POST",
      `${BASE}/api/platform/stores`,
      { Host: CATALOGUE_REPLACE.host, authorization: `Bearer ${DEMO_PLATFORM_KEY}`, "content-type": "application/json" },
      small,
    );
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const { key } = JSON.parse(created.text) as { key: string };

    for (const [body, products] of [
      [full, 60_000],
      [full, 60_000],
      [small, 12],
    ] as const) {
      const { result, watch } = await watchWhile(BASE, OTHER_STORE_REQUESTS, REPLACE_CLIENT_TIMEOUT_MS, () =>
        replaceStore(BASE, CATALOGUE_REPLACE.host, key, body),
      );
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      expect(result.products).toBe(products);
      // Every request of the other store answered as it should in time (a hung one is reported with when it was sent).
      expect(watch.failed).toEqual([]);
      // And the replace really ran while the other store was being read and written.
      expect(watch.sentDuring).toBeGreaterThanOrEqual(OTHER_STORE_REQUESTS.length);
    }
  });
});
