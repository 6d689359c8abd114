import { defineConfig } from "vitest/config";

// Browser end-to-end tests: playwright-core drives Debian's /usr/bin/chromium against `wrangler dev`,
// which the global setup starts on 127.0.0.1:8788 with its own persisted D1/KV state.
// Run after `npm run build` (wrangler serves build/client and bundles build/server).
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 15_000,
  },
});
