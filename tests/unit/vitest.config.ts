import path from "node:path";
import { defineConfig } from "vitest/config";

// Pure code in Node: commerce rules, helpers, the importer's validation. Remix's Vite plugin stays out.
export default defineConfig({
  root: path.join(import.meta.dirname, "../.."),
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
