import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { workerBundleSize } from "../../scripts/bench/sizes";

/**
 * The Worker as `npm run deploy` uploads it (`wrangler deploy --minify`; package.json's test:bundle builds it into
 * dist-worker/minified with esbuild's metafile). Decision 070: zod through zod/mini, which took it from 401,269 to
 * 319,509 bytes gzip; the ceiling leaves a little room for ordinary growth, not for zod's classic API to come back.
 */
const MINIFIED = "dist-worker/minified";
const GZIP_CEILING = 325_000;

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The modules with code in the bundle: the metafile's `inputs` also lists what esbuild read and then shook out. */
function bundled(): string[] {
  const { outputs } = JSON.parse(readFileSync(`${MINIFIED}/meta.json`, "utf8")) as Metafile;
  const bundle = Object.entries(outputs).find(([file]) => file.endsWith("/index.js"));
  if (!bundle) throw new Error(`no index.js among ${MINIFIED}/meta.json's outputs`);
  return Object.entries(bundle[1].inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file);
}

describe("the minified Worker bundle", () => {
  it("has none of zod's classic API, and of its locales only English", () => {
    const inputs = bundled();
    expect(inputs.filter((file) => file.includes("node_modules/zod/")).length).toBeGreaterThan(0);
    expect(inputs.filter((file) => /node_modules\/zod\/(v4\/classic|v3)\//.test(file))).toEqual([]);
    expect(inputs.filter((file) => /node_modules\/zod\/v4\/locales\/(?!en\.js$|index\.js$)/.test(file))).toEqual([]);
  });

  it(`stays within ${GZIP_CEILING} bytes gzip`, () => {
    expect(workerBundleSize(`${MINIFIED}/index.js`).gzipBytes).toBeLessThanOrEqual(GZIP_CEILING);
  });
});
