import path from "node:path";
import { defineConfig } from "vitest/config";

// Smoke test of the deployable artifact: the `wrangler deploy --dry-run` bundle loaded into Miniflare.
export default defineConfig({
  root: path.join(import.meta.dirname, "../.."),
  test: { include: ["tests/bundle/**/*.test.ts"], environment: "node", testTimeout: 30_000, hookTimeout: 60_000 },
});
