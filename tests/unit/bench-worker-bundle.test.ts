import { describe, expect, it } from "vitest";
import { bytesByPackage, packageOf } from "../../scripts/bench/worker-bundle";

describe("the deploy bundle by package", () => {
  it("names an input by its npm package, scoped or not, or by its first two folders of ours", () => {
    expect(packageOf("node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(packageOf("node_modules/@remix-run/react/node_modules/@remix-run/router/dist/router.js")).toBe("@remix-run/router");
    expect(packageOf("worker/api/orders.ts")).toBe("worker/api");
    expect(packageOf("../../build/server/index.js")).toBe("build/server");
  });

  it("sums the script's minified bytes by package, largest first, and ignores the source map's entry", () => {
    const meta = {
      outputs: {
        "dist/index.js.map": { inputs: {} },
        "dist/index.js": {
          inputs: {
            "node_modules/hono/dist/hono.js": { bytesInOutput: 30 },
            "worker/api/a.ts": { bytesInOutput: 10 },
            "worker/api/b.ts": { bytesInOutput: 25 },
            "node_modules/hono/dist/router.js": { bytesInOutput: 5 },
          },
        },
      },
    };
    expect(bytesByPackage(meta)).toEqual([
      { name: "hono", minifiedBytes: 35 },
      { name: "worker/api", minifiedBytes: 35 },
    ]);
  });

  it("refuses a metafile without a script", () => {
    expect(() => bytesByPackage({ outputs: { "dist/index.js.map": { inputs: {} } } })).toThrow("no .js output");
  });
});
