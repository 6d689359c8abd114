import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const root = path.join(import.meta.dirname, "../..");

// API and page tests inside workerd with real local D1 and KV. Needs `npm run build` first, because the
// Worker entry bundles the Remix server build.
export default defineConfig(async () => ({
  root,
  plugins: [
    cloudflareTest({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")), PASSWORD_PEPPER: "workerd-test-pepper" },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
    deps: {
      // The pool's module fallback mis-resolves @remix-run/cloudflare's CommonJS requires (toolchain.md, gotcha 6).
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } },
    },
  },
}));
