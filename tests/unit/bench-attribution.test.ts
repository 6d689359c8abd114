import { describe, expect, it } from "vitest";
import { addAttributions, attribute, type CallFrame, type Locate, packageOf, partOf, perRequest } from "../../scripts/bench/attribution";
import type { CpuProfile } from "../../scripts/bench/profile";
import { hotTable, splitTable } from "../../scripts/bench/split-report";

/**
 * A profile built from stacks written root first, e.g. ["fetch", "renderToString", "(leaf)"]: each name is a frame of
 * the bundle (url index.js, its line the frame's index in FILES) unless it is a built-in in parentheses or capitalised.
 */
const FILES: Record<string, { source: string; name?: string }> = {
  fetch: { source: "worker/index.ts" },
  honoDispatch: { source: "node_modules/hono/dist/hono-base.js" },
  tenant: { source: "worker/http/tenant-middleware.ts" },
  requestHandler: { source: "node_modules/@remix-run/server-runtime/dist/server.js" },
  matchRoutes: { source: "node_modules/@remix-run/router/utils.ts" },
  loader: { source: "app/routes/cart._index.tsx", name: "loader" },
  CartPage: { source: "app/routes/cart._index.tsx", name: "CartPage" },
  readCart: { source: "app/lib/cart.server.ts" },
  priceCart: { source: "commerce/pricing.ts" },
  zodParse: { source: "node_modules/zod/v4/core/schemas.js" },
  lodashLike: { source: "node_modules/some-helper/index.js" },
  handleRequest: { source: "app/entry.server.tsx" },
  renderToString: { source: "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js" },
  Price: { source: "app/components/price.tsx" },
  facadeNext: { source: "node_modules/wrangler/templates/middleware/common.ts" },
  d1: { source: "cloudflare-internal:d1-api" },
};
const NAMES = Object.keys(FILES);

function profileOf(stacks: string[][]): CpuProfile {
  const nodes: CpuProfile["nodes"] = [{ id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1, columnNumber: -1 } }];
  const ids = new Map<string, number>();
  const samples = stacks.map((stack) => {
    let parent = 1;
    let path = "";
    for (const name of stack) {
      path += `/${name}`;
      let id = ids.get(path);
      if (id === undefined) {
        id = nodes.length + 1;
        ids.set(path, id);
        const known = NAMES.indexOf(name);
        const url = known >= 0 ? (name === "d1" ? "cloudflare-internal:d1-api" : "index.js") : "";
        nodes.push({ id, parent, callFrame: { functionName: name, url, lineNumber: known >= 0 ? known : -1, columnNumber: 0 } });
      }
      parent = id;
    }
    return parent;
  });
  return { nodes, samples, timeDeltas: samples.map(() => 200) };
}

/** The source map's stand-in: line n of index.js is NAMES[n]. */
const locate: Locate = (frame: CallFrame) => {
  if (frame.url === "" || frame.lineNumber === undefined || frame.lineNumber < 0) return undefined;
  const file = FILES[NAMES[frame.lineNumber]!]!;
  return { source: file.source, line: 10 * frame.lineNumber + 1, column: 0, ...(file.name ? { name: file.name } : {}) };
};

const HOP = ["fetch", "honoDispatch", "tenant"];
const REMIX = [...HOP, "requestHandler"];

describe("splitting a profile by the original source of each sample", () => {
  it("gives each busy sample to the innermost frame whose file decides a part; built-ins go to their caller", () => {
    const profile = profileOf([
      [...REMIX, "handleRequest", "renderToString"], // render (react-dom)
      [...REMIX, "handleRequest", "renderToString", "Price"], // render (our component)
      [...REMIX, "handleRequest", "renderToString", "Price", "priceCart"], // data: commerce called while rendering
      [...REMIX, "handleRequest", "renderToString", "(anonymous)"], // a built-in under react-dom: render
      [...REMIX, "matchRoutes"], // remix
      [...REMIX, "matchRoutes", "RegExp"], // remix: the built-in's caller
      [...REMIX, "loader"], // data: a route module's loader
      [...REMIX, "CartPage"], // render: the same module's component
      [...REMIX, "loader", "readCart", "d1"], // data: the D1 binding's own JavaScript
      [...REMIX, "loader", "readCart", "zodParse"], // data
      [...REMIX, "loader", "lodashLike"], // an unlisted package: its caller's part (data)
      [...HOP], // http
      ["fetch", "honoDispatch", "Response"], // http: built-in under Hono
      ["facadeNext", "Response"], // wrangler's template: other
      ["(program)"], // other
      ["(garbage collector)"], // other
      ["(idle)"], // not CPU
      ["(idle)"],
      ["facadeNext", "__facade_invoke__"], // wrangler's dev middleware as leaf: left out, as the CPU figure leaves it out
    ]);
    const a = attribute(profile, locate, 200);
    expect(a.samples).toBe(16);
    expect(a.partMs).toEqual({ render: 0.2 * 4, remix: 0.2 * 2, data: 0.2 * 5, http: 0.2 * 2, other: 0.2 * 3 });
    // The split adds up to the runtime figure: busy samples less the dev middleware's.
    const sum = Object.values(a.partMs).reduce((x, y) => x + y, 0);
    expect(sum).toBeCloseTo(16 * 0.2);

    const price = a.functions.find((f) => f.name === "Price")!;
    expect(price).toMatchObject({ where: "app/components/price.tsx:131", part: "render" });
    expect(price.selfMs).toBeCloseTo(0.2);
    expect(price.totalMs).toBeCloseTo(0.4);
    const handle = a.functions.find((f) => f.name === "handleRequest")!;
    expect(handle.selfMs).toBe(0);
    expect(handle.totalMs).toBeCloseTo(0.8);
    // Hottest first by total: the entry (like Hono and the tenant step) is in every sample but the runtime's and wrangler's.
    expect(a.functions[0]!.totalMs).toBeCloseTo(0.2 * 13);
    expect(a.functions.find((f) => f.name === "fetch")).toMatchObject({
      where: "worker/index.ts:1",
      part: "http",
      totalMs: a.functions[0]!.totalMs,
    });
    expect(a.files.find((f) => f.source === "app/routes/cart._index.tsx")!.totalMs).toBeCloseTo(0.2 * 5);
  });

  it("counts a recursive function once per sample in its total", () => {
    const a = attribute(profileOf([["fetch", "renderToString", "renderToString", "renderToString"]]), locate, 100);
    const render = a.functions.find((f) => f.name === "renderToString")!;
    expect(render.totalMs).toBeCloseTo(0.1);
    expect(render.selfMs).toBeCloseTo(0.1);
    expect(a.partMs.render).toBeCloseTo(0.1);
  });

  it("puts every sample in other when nothing can be located (no source map)", () => {
    const a = attribute(profileOf([[...REMIX, "matchRoutes"], ["(program)"]]), () => undefined, 100);
    expect(a.partMs).toEqual({ render: 0, remix: 0, data: 0, http: 0, other: 0.2 });
  });

  it("reports ms per request and shares, and adds a flow's rounds", () => {
    const one = attribute(
      profileOf([
        [...REMIX, "matchRoutes"],
        [...REMIX, "loader"],
        [...REMIX, "loader"],
      ]),
      locate,
      100,
    );
    const both = addAttributions(one, one);
    expect(both.samples).toBe(6);
    expect(both.partMs.data).toBeCloseTo(0.4);
    expect(both.functions.find((f) => f.name === "loader")!.selfMs).toBeCloseTo(0.4);
    const split = perRequest(both, 4);
    expect(split.msPerReq.data).toBeCloseTo(0.1);
    expect(split.msPerReq.remix).toBeCloseTo(0.05);
    expect(split.share.data).toBeCloseTo(2 / 3);
    expect(split.hot[0]).toMatchObject({ name: "loader", part: "data" });
    expect(split.hot[0]!.selfMs).toBeCloseTo(0.1);
    expect(split.inclusive[0]!.totalMs).toBeCloseTo(0.15);
    expect(split.inclusive.find((f) => f.name === "fetch")!.totalMs).toBeCloseTo(0.15);

    const table = splitTable([{ name: "guest-cart", runtimeCpuMsPerReq: 0.15, split }], { name: "plain", runtimeCpuMsPerReq: 0.05 });
    expect(table).toContain("guest-cart");
    expect(table).toMatch(/3\.00 +0\.00 \(0%\) +0\.05 \(33%\) +0\.10 \(67%\)/);
    expect(hotTable({ name: "guest-cart", runtimeCpuMsPerReq: 0.15, split }, 1)).toMatch(
      /loader +app\/routes\/cart\._index\.tsx:51 +data +0\.100 +0\.100/,
    );
  });
});

describe("which part a source file is", () => {
  it("names the innermost package of a node_modules path", () => {
    expect(packageOf("node_modules/react-dom/cjs/x.js")).toBe("react-dom");
    expect(packageOf("node_modules/@remix-run/router/utils.ts")).toBe("@remix-run/router");
    expect(packageOf("node_modules/a/node_modules/hono/dist/x.js")).toBe("hono");
    expect(packageOf("worker/index.ts")).toBeUndefined();
  });

  it("classifies the app's, the worker's and the packages' files", () => {
    const cases: [string, string | undefined, string | undefined][] = [
      ["node_modules/react/cjs/react.production.min.js", undefined, "render"],
      ["node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js", undefined, "render"],
      ["app/components/cart/cart-line.tsx", undefined, "render"],
      ["app/root.tsx", undefined, "render"],
      ["app/lib/use-store.ts", undefined, "render"],
      ["app/routes/cart._index.tsx", "CartPage", "render"],
      ["app/routes/cart._index.tsx", "loader", "data"],
      ["app/routes/cart._index.tsx", "action", "data"],
      ["app/lib/cart.server.ts", undefined, "data"],
      ["node_modules/@remix-run/server-runtime/dist/server.js", undefined, "remix"],
      ["node_modules/@remix-run/router/router.ts", undefined, "remix"],
      ["node_modules/turbo-stream/dist/flatten.js", undefined, "remix"],
      ["node_modules/react-router/lib/hooks.tsx", undefined, "remix"],
      ["worker/cart/cart-answer.ts", undefined, "data"],
      ["worker/load-context.ts", undefined, "data"],
      ["commerce/pricing.ts", undefined, "data"],
      ["cloudflare-internal:d1-api", undefined, "data"],
      ["node_modules/zod/v4/core/schemas.js", undefined, "data"],
      ["worker/index.ts", undefined, "http"],
      ["worker/http/security-headers.ts", undefined, "http"],
      ["worker/page-cache/page-cache.ts", undefined, "http"],
      ["web/bounded-body.ts", undefined, "http"],
      ["node_modules/hono/dist/compose.js", undefined, "http"],
      ["node_modules/wrangler/templates/middleware/common.ts", undefined, "other"],
      ["node_modules/unenv/dist/runtime/node/buffer.mjs", undefined, "other"],
      ["node_modules/some-helper/index.js", undefined, undefined],
      [".wrangler/tmp/bundle-abc/middleware-loader.entry.ts", undefined, undefined],
      ["node-internal:internal_timers", undefined, undefined],
    ];
    for (const [source, name, part] of cases) expect([source, name, partOf(source, name)]).toEqual([source, name, part]);
  });
});
