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
        // A second, empty database, for tests of a migration over rows written before it (owner-migration.test.ts).
        // BEHIND_DB: a store database listed below whose migrations were never applied (store-databases.test.ts).
        d1Databases: { MIGRATION_DB: "migration-test", BEHIND_DB: "behind-test" },
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
          TEST_DIRECTORY_MIGRATIONS: await readD1Migrations(path.join(root, "migrations-directory")),
          PASSWORD_PEPPER: "workerd-test-pepper",
          // What a developer's .dev.vars turns on must not change the tests: these are off unless a test sets them.
          DEV_TOOLS: "",
          MESSAGES_URL: "",
          // The suite reads messages from the D1 outbox table without the dev pages on (worker/messages/outbox.ts).
          MESSAGES_OUTBOX: "d1",
          GOOGLE_MAPS_API_KEY: "",
          // Stores are created through the API only by the tests that give the Worker a platform key's hash.
          PLATFORM_KEY_SHA256: "",
          // Stores' payment secrets are sealed with this in tests; payment tests point RAZORPAY_API_URL at the fake.
          PAYMENT_SECRETS_KEY: "dGVzdC1wYXltZW50LXNlY3JldHMta2V5LTMyYnl0ZXM=",
          RAZORPAY_API_URL: "",
          RAZORPAY_CHECKOUT_JS: "",
          IMAGE_RESIZING: "",
          // Both store databases, but only DB open to new stores: the tests read their stores' rows through env.DB, and
          // the tests of placement and moves name DB_2 (placement.test.ts, store-move.test.ts).
          STORE_DATABASES: JSON.stringify([
            { binding: "DB", location: "apac", new_stores: true },
            { binding: "DB_2", location: "weur", new_stores: false },
            { binding: "BEHIND_DB", location: "enam", new_stores: false },
          ]),
          // The bench's per-round-trip delay (worker/db/bench-delay.ts): off unless a test sets it.
          BENCH_DB: "",
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    // Fake outside services (message provider, payments) on loopback, reached from workerd.
    globalSetup: ["./tests/worker/fake-servers/global-setup.ts"],
    deps: {
      // The pool's module fallback mis-resolves @remix-run/cloudflare's CommonJS requires (toolchain.md, gotcha 6).
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } },
    },
  },
}));
