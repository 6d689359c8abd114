import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// Decision 062: `npm install` applies patches/wrangler+4.86.0.patch, so wrangler dev's proxy sends a request whose
// connection to the Worker was lost again. Without it the browser suite's catalogue replace loses another store's
// requests, which is slow to find out; this says at once which step went missing.
const require = createRequire(import.meta.url);

describe("wrangler dev's proxy", () => {
  it("is the version the patch was made for", () => {
    const { version } = JSON.parse(readFileSync(require.resolve("wrangler/package.json"), "utf8")) as { version: string };
    expect(version).toBe("4.86.0");
  });

  it("carries the patch that sends a request again when its connection was lost", () => {
    const proxy = readFileSync(require.resolve("wrangler/package.json").replace(/package\.json$/, "wrangler-dist/ProxyWorker.js"), "utf8");
    expect(proxy).toContain("void fetchRetryingLostConnections(userWorkerUrl, request, headers)");
    expect(proxy).toContain('includes("Network connection lost")');
    expect(proxy).toContain("var REPLAYABLE_BODY_BYTES = 64 * 1024;");
  });
});
