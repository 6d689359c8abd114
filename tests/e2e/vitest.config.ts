import { defineConfig } from "vitest/config";

// Browser end-to-end tests: playwright-core drives Chromium (tests/e2e/browser.ts) against the server `npm start`
// serves, which the global setup starts on 127.0.0.1:8788 (E2E_PORT) with its own state folder and fixture stores.
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
