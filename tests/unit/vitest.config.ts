import path from "node:path";
import { defineConfig } from "vitest/config";

// Pure code in Node: commerce rules, helpers, the importer's validation. Remix's Vite plugin stays out.
export default defineConfig({
  root: path.join(import.meta.dirname, "../.."),
  // The catalogues are held from disk first, as the Worker holds them from its assets (decision 081).
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node", setupFiles: ["./tests/unit/setup.ts"] },
});
