import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

/** Each match's first group (or the whole match), in order. */
function matches(source: string, patterns: RegExp[]): string[] {
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? match[0]));
}

/**
 * The worker/ modules a page-layer source takes code from: static imports and re-exports that are not `type`, and
 * dynamic `import()` (a type-only import is erased and costs nothing).
 */
function workerCodeImports(source: string): string[] {
  return matches(source, [
    /^(?:import|export)\s+(?!type\s)[^;]*?from\s+["']([^"']*\bworker\/[^"']*)["']/gms,
    /\bimport\(\s*["']([^"']*\bworker\/[^"']*)["']\s*\)/g,
  ]);
}

/**
 * Places a page says what an origin answer is instead of letting the operation or the route table type it: `as` after
 * `.json()` or an operation's call (`context.origin.cart()`, `origin.attempt.login(…)`; `as unknown as T` too), and a
 * variable annotated with a type given their awaited value (`unknown` says nothing, so it is allowed: the refusal
 * reader checks what it got).
 */
function originAnswerCasts(source: string): string[] {
  return matches(source, [
    /(?:\.json\(\)|\borigin\.(?:attempt\.)?\w+\([^;\n]*\))\)?\s+as\s+(?!const\b)\S+/g,
    /\b(?:const|let|var)\s+[^=;\n]+?:(?!\s*unknown\s*=)\s*[^=;\n]+=\s*await\s+[^;\n]*?(?:\.json\(\)|\borigin\.(?:attempt\.)?\w+\()/g,
  ]);
}

// Each rule is tried on sources that break it and on ones that keep it, so a rule that stops matching fails here.
/**
 * What a commerce/ rule may not touch: the platform's I/O and its HTTP types (requests, answers, headers, streams,
 * fetch, the digest API, the bindings, timers, the clock). A rule takes what it needs as arguments (`now` included).
 */
function platformUses(source: string): string[] {
  return matches(source, [
    /\b(?:Request|Response|Headers|ReadableStream|WritableStream|D1Database|KVNamespace|R2Bucket|DurableObject\w*)\b/g,
    /\b(?:fetch|setTimeout|setInterval)\s*\(/g,
    /\bcrypto\.subtle\b|\bcaches\.|\bDate\.now\(\)/g,
  ]);
}

/** The folders of worker/ that each have one face, their `index.ts` (decision 067). */
const FACED = ["orders", "order-life", "payments", "wallet"];

/**
 * The imports in `file` (a path from the repository's root) that reach past a faced folder's face into one of its
 * files: every static import and re-export (type ones too) and every dynamic `import()`. A file inside the folder
 * imports its siblings directly, so only a file outside it is held to the face.
 */
function pastTheFace(file: string, source: string): string[] {
  return matches(source, [/^(?:import|export)\s[^;]*?from\s+["'](\.[^"']*)["']/gms, /\bimport\(\s*["'](\.[^"']*)["']\s*\)/g]).filter(
    (specifier) => {
      const [, folder, rest] = /^worker\/([^/]+)\/(.+)$/.exec(normalize(join(dirname(file), specifier)).replaceAll("\\", "/")) ?? [];
      return (
        folder !== undefined && FACED.includes(folder) && !/^index(?:\.ts)?$/.test(rest ?? "") && !file.startsWith(`worker/${folder}/`)
      );
    },
  );
}

describe("the layering rules themselves", () => {
  it.each([
    'import { placeOrder } from "../../worker/orders/place-order";',
    "import { a,\n  b } from '../worker/x';",
    'export { cartAnswer } from "../worker/cart/cart-answer";',
    'export * from "../../worker/http/errors";',
    'const { x } = await import("../../worker/orders/place-order");',
  ])("flag worker code taken by a page: %s", (source) => {
    expect(workerCodeImports(source)).toHaveLength(1);
  });

  it.each([
    'import type { CartAnswer } from "../../worker/cart/cart-answer";',
    'export type { CartAnswer } from "../../worker/cart/cart-answer";',
    'import { money } from "../../commerce/money";',
  ])("let a page take types or other code: %s", (source) => {
    expect(workerCodeImports(source)).toEqual([]);
  });

  it.each([
    "const cart = (await response.json()) as CartAnswer;",
    "const cart = await response.json() as CartAnswer;",
    "const cart = (await response.json()) as unknown as CartAnswer;",
    "const cart = (await context.origin.cart()) as { lines: Line[] };",
    "const answer = (await context.origin.attempt.login(form)) as unknown as Session;",
    "const cart: CartAnswer = await response.json();",
    "const { lines }: CartAnswer = await context.origin.cart();",
  ])("flag an origin answer a page casts: %s", (source) => {
    expect(originAnswerCasts(source)).toHaveLength(1);
  });

  it.each([
    "const cart = await context.origin.cart();",
    "const answer = await context.origin.attempt.addToCart({ product_id: 1, quantity: 2 });",
    "const { lines } = await response.json();",
    "const body: unknown = await response.json();",
    'const kinds = ["a", "b"] as const;',
    "const chosen = new URLSearchParams(new FormData(form) as unknown as string[][]);",
  ])("let a page read an answer as the route table types it: %s", (source) => {
    expect(originAnswerCasts(source)).toEqual([]);
  });

  it.each([
    ["worker/api/admin.ts", 'import { findOrder } from "../orders/order-read";'],
    ["worker/api/razorpay.ts", 'import type { PaymentGateway } from "../payments/gateway";'],
    ["worker/order-life/reconcile.ts", 'import { orderRefundStep } from "../wallet/ledger";'],
    ["tests/worker/wallet-checkout.test.ts", 'import {\n  creditStatement,\n} from "../../worker/wallet/ledger";'],
    ["tests/worker/referrals.test.ts", 'const { onDelivered } = await import("../../worker/order-life/order-events");'],
    ["app/lib/orders.server.ts", 'export type { OrderAnswer } from "../../worker/orders/order-answer";'],
  ])("flag an import past a folder's face: %s: %s", (file, source) => {
    expect(pastTheFace(file, source)).toHaveLength(1);
  });

  it.each([
    ["worker/api/admin.ts", 'import { findOrder } from "../orders";'],
    ["worker/api/admin.ts", 'import { findOrder } from "../orders/index";'],
    ["tests/worker/wallet-checkout.test.ts", 'import { creditStatement } from "../../worker/wallet";'],
    ["worker/orders/place-order.ts", 'import { orderAnswerSteps } from "./order-read";'],
    ["worker/api/admin.ts", 'import { storeDatabase } from "../placement/store-databases";'],
    ["worker/api/admin.ts", 'import { moveStore } from "../store-moves/move-store";'],
  ])("let an import through the face or inside the folder be: %s: %s", (file, source) => {
    expect(pastTheFace(file, source)).toEqual([]);
  });

  it("read the names a face gives and the names an importer takes from it", () => {
    expect(faceNames('export { a, b } from "./x";\nexport type { C } from "./y";')).toEqual(["a", "b", "C"]);
    const source = [
      'import { findOrder, type OrderAnswer as Answer } from "../orders";',
      'import type { Watch } from "../orders/index";',
      'import { storeGateway } from "../payments";',
      'const { onDelivered } = await import("../order-life");',
    ].join("\n");
    expect(namesFromFace("worker/api/admin.ts", source, "orders")).toEqual(["findOrder", "OrderAnswer", "Watch"]);
    expect(namesFromFace("worker/api/admin.ts", source, "order-life")).toEqual(["onDelivered"]);
  });
});

// docs/architecture.md: pages reach the Worker only through the origin client, so app/ may import types from
// worker/ but no code (a runtime import would also put Worker code in the browser's bundles).
describe("commerce/", () => {
  it.each([
    "export async function readBodyAtMost(body: ReadableStream<Uint8Array> | null, limit: number) {",
    'const digest = await crypto.subtle.digest("SHA-256", data);',
    "export const isExpired = (until: number) => until < Date.now();",
    'const answer = await fetch("https://example.com");',
  ])("finds a platform use in a known-bad sample: %s", (source) => {
    expect(platformUses(source)).toHaveLength(1);
  });

  it("holds pure rules only: no I/O, no HTTP types, no clock (issue 38; web/ holds the platform helpers)", () => {
    const found = sourceFiles("commerce").flatMap((file) => platformUses(readFileSync(file, "utf8")).map((use) => `${file}: ${use}`));
    expect(found).toEqual([]);
  });
});

// The server's catalogues are the one exception (decisions 077, 079): a loader, an action or the server entry words its
// texts with `translatorOf` (worker/i18n/), and only modules that never reach the browser may.
const SERVER_ONLY = /(\.server\.tsx?|\/entry\.server\.tsx)$/;
const serverCatalogues = (file: string, imported: string) => SERVER_ONLY.test(file) && /\bworker\/i18n\//.test(imported);

describe("the page layer's imports", () => {
  it("take only types from worker/", () => {
    const offending = sourceFiles("app").flatMap((file) =>
      workerCodeImports(readFileSync(file, "utf8"))
        .filter((m) => !serverCatalogues(file, m))
        .map((m) => `${file}: ${m}`),
    );
    expect(offending).toEqual([]);
  });
});

/**
 * The modules of worker/ outside worker/agents/ that an agents' module source takes code from: its own copy of them
 * would hold state apart from the Worker's (decision 089), so it reaches the store through the API and takes types only.
 */
function workerCodeOutsideAgents(file: string, source: string): string[] {
  return matches(source, [/^(?:import|export)\s+(?!type\s)[^;]*?from\s+["'](\.[^"']*)["']/gms])
    .map((imported) => normalize(join(dirname(file), imported)))
    .filter((target) => target.startsWith("worker/") && !target.startsWith("worker/agents/"));
}

describe("the agents' module", () => {
  it("takes only types from the rest of worker/", () => {
    const offending = sourceFiles("worker/agents").flatMap((file) =>
      workerCodeOutsideAgents(file, readFileSync(file, "utf8")).map((target) => `${file}: ${target}`),
    );
    expect(offending).toEqual([]);
    expect(workerCodeOutsideAgents("worker/agents/x.ts", 'import { a } from "../cart/cart-store";')).toEqual(["worker/cart/cart-store"]);
    expect(workerCodeOutsideAgents("worker/agents/x.ts", 'import type { A } from "../cart/cart-store";')).toEqual([]);
  });
});

// The origin client is typed by the API's route table (tests/unit/origin-answer-types.test.ts), so a page never says
// what an answer is: a cast would hide the day a handler's answer changes. Refusals are read by app/lib/api-refusal.ts.
describe("origin answers in the page layer", () => {
  it("are never cast", () => {
    const casts = sourceFiles("app").flatMap((file) => originAnswerCasts(readFileSync(file, "utf8")).map((m) => `${file}: ${m}`));
    expect(casts).toEqual([]);
  });
});

// Decision 067: orders, an order's life, payments and the wallet each have one face, their folder's index.ts, that
// names what the rest of the code uses; no file outside the folder reaches past it to the file behind.
describe("the faced folders", () => {
  it("are imported through their face from outside (worker/, app/, scripts/, tests/)", () => {
    const found = ["worker", "app", "scripts", "tests"]
      .flatMap((top) => sourceFiles(top))
      // This file's known-bad samples are strings that would read as imports.
      .filter((file) => normalize(file) !== normalize("tests/unit/layering.test.ts"))
      .flatMap((file) => pastTheFace(file, readFileSync(file, "utf8")).map((specifier) => `${file}: ${specifier}`));
    expect(found).toEqual([]);
  });

  it("each name what is used outside and nothing else, re-exported by name (no export *, no code)", () => {
    const outside = ["worker", "app", "scripts", "tests"]
      .flatMap((top) => sourceFiles(top))
      .filter((file) => normalize(file) !== normalize("tests/unit/layering.test.ts"));
    for (const folder of FACED) {
      const face = readFileSync(`worker/${folder}/index.ts`, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      expect(face.replace(/^export (?:type )?\{[^}]*\} from "\.\/[\w-]+";$/gm, "").trim(), `worker/${folder}/index.ts`).toBe("");
      const used = new Set(
        outside
          .filter((file) => !normalize(file).startsWith(normalize(`worker/${folder}/`)))
          .flatMap((file) => namesFromFace(file, readFileSync(file, "utf8"), folder)),
      );
      const unused = faceNames(face).filter((name) => !used.has(name));
      expect(unused, `worker/${folder}/index.ts names what no one outside uses`).toEqual([]);
    }
  });
});

/** The names a face re-exports. */
function faceNames(face: string): string[] {
  return matches(face, [/^export (?:type )?\{([^}]*)\}/gm]).flatMap((list) =>
    list
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * The names `file` takes from `folder`'s face: named imports and re-exports (`type` or not), and a dynamic import's
 * destructured names.
 */
function namesFromFace(file: string, source: string, folder: string): string[] {
  const lists = [
    ...source.matchAll(/^(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s+"(\.[^"]*)"/gms),
    ...source.matchAll(/\{([^}]*)\}\s*=\s*await\s+import\(\s*"(\.[^"]*)"\s*\)/g),
  ];
  return lists
    .filter(
      ([, , specifier]) =>
        /^worker\/([^/]+?)(?:\/index(?:\.ts)?)?$/.exec(normalize(join(dirname(file), specifier ?? "")).replaceAll("\\", "/"))?.[1] ===
        folder,
    )
    .flatMap(([, names]) =>
      (names ?? "")
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0] ?? "",
        )
        .filter(Boolean),
    );
}

/** The room a file stands in: the folder right under `top`, or the file itself when it stands in `top`. */
function roomOf(top: string, file: string): string {
  const [first, ...rest] = relative(top, file).split(/[\\/]/);
  return rest.length > 0 ? `${top}/${first}/` : `${top}/${first}`;
}

/** Every import between two rooms of `top`, type imports too (they tie the rooms together as firmly). */
function roomImports(top: string): Map<string, Map<string, string>> {
  const files = new Set(sourceFiles(top).map((file) => normalize(file)));
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const specifier of matches(source, [/^(?:import|export)\s[^;]*?from\s+"(\.[^"]*)"/gms, /\bimport\(\s*"(\.[^"]*)"\s*\)/g])) {
      const target = normalize(join(dirname(file), specifier));
      const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((end) => target + end).find((path) => files.has(path));
      if (!found) continue;
      const [from, to] = [roomOf(top, file), roomOf(top, found)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)?.set(to, `${file} -> ${found}`);
    }
  }
  return graph;
}

/** One import on each loop of rooms (an import that climbs back up), found by a depth-first walk. */
function climbingImports(graph: Map<string, Map<string, string>>): string[] {
  const state = new Map<string, "open" | "done">();
  const climbing: string[] = [];
  const visit = (room: string) => {
    state.set(room, "open");
    for (const [next, why] of graph.get(room) ?? []) {
      if (state.get(next) === "open") climbing.push(why);
      else if (!state.has(next)) visit(next);
    }
    state.set(room, "done");
  };
  for (const room of [...graph.keys()].sort()) if (!state.has(room)) visit(room);
  return climbing;
}

// Decision 049: the folders of worker/ and of app/ stand on floors; no import runs from a lower one back up, so no
// two of them import each other, however indirectly. Route data types live in app/route-data.ts, not in the routes.
describe("the folders' imports", () => {
  it("are found climbing back up when two rooms import each other, however indirectly", () => {
    const graph = (edges: [string, string][]) => {
      const map = new Map<string, Map<string, string>>();
      for (const [from, to] of edges) map.set(from, (map.get(from) ?? new Map()).set(to, `${from} -> ${to}`));
      return map;
    };
    expect(
      climbingImports(
        graph([
          ["a/", "b/"],
          ["b/", "c/"],
          ["c/", "a/"],
        ]),
      ),
    ).toEqual(["c/ -> a/"]);
    expect(
      climbingImports(
        graph([
          ["a/", "b/"],
          ["b/", "c/"],
          ["a/", "c/"],
        ]),
      ),
    ).toEqual([]);
  });

  for (const top of ["worker", "app"]) {
    it(`never climb back up in ${top}/`, () => {
      expect(climbingImports(roomImports(top))).toEqual([]);
    });
  }
});
