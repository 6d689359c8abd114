import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as build from "../../build/server";
import { PAGE_SPEED_PATH } from "../../commerce/page-beacon";
import { api } from "../../worker/api";
import { bodyLimitOf } from "../../worker/http/body-limits";
import { isPossibleHostname } from "../../worker/http/host-check";
import { isSignedCrossSitePost } from "../../worker/http/origin-check";
import { ownerScopeOf } from "../../worker/http/owner-scopes";
import { storeKey } from "./admin-helpers";
import {
  accountForm,
  addForm,
  anyMethod,
  type BodySpec,
  body,
  bodyBytes,
  type CookieSpec,
  cartForm,
  cookieHeader,
  cookies,
  encode,
  type HeaderSpec,
  headers,
  headerValue,
  host,
  id,
  isStreamed,
  junk,
  originHeaders,
  productSlugs,
  type QuerySpec,
  query,
  queryString,
  redirectTo,
  SAFE_METHODS,
  slug,
  type Text,
  textOf,
  unsafeMethod,
  type World,
} from "./fuzz-arbitraries";
import { guestCall, json, newGuest, request } from "./request";

/*
 * The fuzz test: random and hostile requests to every API route and every page route, through SELF.fetch inside
 * workerd, with fast-check. Every answer must be below 500; an /api answer is JSON and, when it refuses, the one
 * error shape ({ code, message, issues? }); a page's refusal is an HTML page, its redirect stays on this site; an
 * answer that sets a cookie is never publicly cacheable; a body over 64 KiB is refused with 413; a cross-site change
 * is refused with 403; and a refusal (status >= 400) writes nothing to D1.
 *
 * Bounded: each property has a fixed number of runs and a time limit (fast-check then stops with the runs it made),
 * and fails if the limit left it fewer than MIN_RUNS: a property that ran a handful of times has tested nothing. A
 * failure prints fast-check's seed and path; to replay it, put them in REPLAY below.
 */

const REPLAY: { seed: number; path?: string } | undefined = undefined;
/**
 * 0: properties as usual (the first failure, shrunk). N > 0: survey instead: send N × numRuns samples of each
 * property, never stop, and log every distinct problem with its first reproduction (for a report, not for CI).
 */
const SURVEY = 0;
/** fast-check stops a property after this long (shrinking included); the whole file stays inside about a minute. */
const TIME_LIMIT_MS = 12_000;
/** Runs each property must make (or all its runs, when it has fewer) for a pass to say anything. */
const MIN_RUNS = 30;
const TEST_TIMEOUT_MS = SURVEY > 0 ? 600_000 : 40_000;
/** The API's body limit (worker/api/index.ts); page actions are held to the same. */
const BODY_LIMIT = 64 * 1024;

// ---------------------------------------------------------------- the routes

interface ApiRoute {
  method: string;
  path: string;
}

/**
 * Every API route, read from Hono's own table, so a route added to worker/api is fuzzed with no change here.
 * `ALL /api/*` entries are the middleware and the not-found catch-all; a validator adds a duplicate entry per route.
 * (The fields a route reads are not in Hono's table: the arbitraries send every known query key and body key to
 * every route, see QUERY_KEYS and BODY_KEYS in fuzz-arbitraries.ts; add a new route's new keys there.)
 */
const API_ROUTES: ApiRoute[] = [
  ...new Map(
    api.routes
      .filter((r) => !(r.method === "ALL" && r.path.endsWith("*")))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

interface PageRoute {
  id: string;
  /** The URL pattern, e.g. /product/:slug. */
  path: string;
  action: boolean;
  /** A resource route (robots.txt, the sitemaps): no page of its own, so its refusals are short texts. */
  resource: boolean;
}

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}

/** Every page route of the Remix build the Worker serves (so a route added to app/routes is fuzzed too). */
const PAGE_ROUTES: PageRoute[] = (() => {
  const routes = build.routes as unknown as Record<string, BuildRoute>;
  const pathOf = (route: BuildRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const parentPath = parent ? pathOf(parent) : "";
    return route.path ? `${parentPath.replace(/\/$/, "")}/${route.path}` : parentPath || "/";
  };
  return Object.values(routes)
    .filter((r) => r.id !== "root")
    .map((r) => ({
      id: r.id,
      path: pathOf(r),
      action: typeof r.module.action === "function",
      resource: typeof r.module.default !== "function",
    }));
})();

// ---------------------------------------------------------------- the seeded world

const world: World = { guests: [], lineIds: [], account: null, ordersKey: null };

/** Guests with carts in the food store (branch 1, one in branch 2), so cart changes reach real lines. */
async function seedCarts(): Promise<void> {
  for (let g = 0; g < 3; g++) {
    const guest = newGuest();
    world.guests.push(guest);
    const adds = [
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1 },
      { product_id: 6, quantity: 1, selected_attributes: { 601: 611, 602: 614 }, selected_multi_attributes: { 670: [675, 676] } },
    ];
    for (const add of adds) {
      const response = await guestCall("POST", g === 2 ? "/api/cart/add?branch_id=2" : "/api/cart/add", guest, add);
      expect(response.status, await response.clone().text()).toBe(201);
      const cart = await json<{ cartItems: { id: number }[] }>(response);
      for (const item of cart.cartItems) if (!world.lineIds.includes(item.id)) world.lineIds.push(item.id);
    }
  }
}

/** A customer of the food store, registered through the API (none where the API has no accounts). */
async function seedAccount(): Promise<void> {
  const account = { email: `fuzz-${newGuest().slice(0, 12)}@example.com`, phone: "+919876543210", password: "correct horse battery" };
  const response = await request("food.localhost", "/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Fuzz", ...account }),
  });
  if (response.status === 404) return;
  expect(response.status, await response.clone().text()).toBe(201);
  world.account = { ...account, token: (await json<{ token: string }>(response)).token };
}

// ---------------------------------------------------------------- "nothing was written"

/** Run-time tables, compared row by row; every other table is compared by its row count. */
const ROW_TABLES = ["carts", "cart_items", "orders", "coupon_redemptions", "customers", "sessions"];
/**
 * Tables a refusal writes by design: a refused sign-in is counted against guessing, a wrong code spends one of its
 * tries, a refused send still prunes sends older than its hour, and an expired reset link is removed when used.
 */
const WRITTEN_ON_REFUSAL = ["auth_failures", "sign_in_codes", "message_sends", "password_resets"];
let snapshotStatements: D1PreparedStatement[] = [];
let snapshotNames: string[] = [];

async function prepareSnapshot(): Promise<void> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const tables = results.map((r) => r.name).filter((t) => !WRITTEN_ON_REFUSAL.includes(t));
  // One SELECT of scalar subqueries: D1 allows few terms in a compound (UNION ALL) SELECT.
  const counts = `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`;
  const rowTables = ROW_TABLES.filter((t) => tables.includes(t));
  snapshotStatements = [env.DB.prepare(counts), ...rowTables.map((t) => env.DB.prepare(`SELECT * FROM "${t}" ORDER BY rowid`))];
  snapshotNames = ["row counts", ...rowTables];
}

async function snapshot(): Promise<string[]> {
  const results = await env.DB.batch(snapshotStatements);
  return results.map((r) => JSON.stringify(r.results));
}

function snapshotDiff(before: string[], after: string[]): string | null {
  const changed = snapshotNames.filter((_, i) => before[i] !== after[i]);
  if (changed.length === 0) return null;
  const detail = changed.map((name) => {
    const i = snapshotNames.indexOf(name);
    const was = JSON.parse(before[i]!) as Record<string, unknown>[];
    const now = JSON.parse(after[i]!) as Record<string, unknown>[];
    if (i === 0) {
      const counts = Object.keys(now[0] ?? {}).filter((t) => was[0]?.[t] !== now[0]?.[t]);
      return `rows in ${counts.map((t) => `${t} ${was[0]?.[t]} → ${now[0]?.[t]}`).join(", ")}`;
    }
    const wasSet = new Set(was.map((r) => JSON.stringify(r)));
    const nowSet = new Set(now.map((r) => JSON.stringify(r)));
    const gone = [...wasSet].filter((r) => !nowSet.has(r));
    const added = [...nowSet].filter((r) => !wasSet.has(r));
    return `${name}: -${gone.slice(0, 3).join(" -")} +${added.slice(0, 3).join(" +")}`;
  });
  return detail.join("; ");
}

// ---------------------------------------------------------------- sending and judging

/** One fuzzed request, as data (what fast-check prints for a counterexample). */
interface Spec {
  host: string;
  method: string;
  /** Path and query, encoded as they will be sent. */
  path: string;
  headers: HeaderSpec;
  cookies: CookieSpec;
  body: BodySpec;
  /** A page that answers 200 to a plain GET: hostile cookies and headers must not change that. */
  expectOk?: boolean;
  /** The page route the path was made from (its pattern), to know whether it takes a change at all. */
  route?: PageRoute;
}

interface Stats {
  runs: number;
  requests: number;
  ms: number;
}
const stats = new Map<string, Stats>();
let current: Stats = { runs: 0, requests: 0, ms: 0 };

/** What the Worker logged while answering (Remix logs every thrown error): kept out of the output, shown on a failure. */
const serverLog: string[] = [];

const short = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
/**
 * The test runs inside workerd and vitest carries its messages to Node over a WebSocket, which drops the whole
 * file on a lone surrogate (WS_ERR_INVALID_UTF8). Junk text and `short`'s cut can make one, so a message is
 * made well-formed before it leaves.
 */
const wellFormed = (s: string) => s.replace(/[\ud800-\udfff]/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

async function exchange(spec: Spec): Promise<void> {
  const method = spec.method.toUpperCase();
  const headerList: [string, string][] = [...originHeaders(spec.headers.origin, spec.host)];
  if (spec.headers.guest !== null) headerList.push(["guest-id", headerValue(textOf(spec.headers.guest))]);
  if (spec.headers.authorization !== null) headerList.push(["Authorization", headerValue(textOf(spec.headers.authorization))]);
  for (const [name, value] of spec.headers.extra) headerList.push([name, headerValue(textOf(value))]);
  const cookie = cookieHeader(spec.cookies);
  if (cookie !== null) headerList.push(["Cookie", cookie]);

  const sendsBody = method !== "GET" && method !== "HEAD";
  const payload = sendsBody ? await bodyBytes(spec.body) : null;
  if (payload?.type) headerList.push(["Content-Type", headerValue(payload.type)]);
  const streamed = payload !== null && isStreamed(spec.body);
  const init: RequestInit = { method: spec.method, headers: headerList };
  if (payload) {
    const bytes = payload.bytes;
    if (streamed) {
      // A stream of unknown length (no Content-Length), workerd's own: a JS ReadableStream the Worker never reads
      // (a 404, a 405) makes workerd log an uncaught "Network connection lost"; this one only a warning.
      const stream = new IdentityTransformStream();
      const writer = stream.writable.getWriter();
      writer.write(bytes).catch(() => {});
      writer.close().catch(() => {});
      init.body = stream.readable;
    } else {
      init.body = bytes;
    }
  }

  const url = new URL(`http://${spec.host}${spec.path}`);
  const before = await snapshot();
  serverLog.length = 0;
  const started = Date.now();
  const response = await request(spec.host, spec.path, init);
  const text = await response.text();
  current.requests++;
  current.ms += Date.now() - started;
  const after = await snapshot();

  const problems = judge(spec, method, url, payload?.bytes.length ?? 0, response, text);
  if (response.status >= 400) {
    const written = snapshotDiff(before, after);
    if (written) problems.push(`the refusal (${response.status}) wrote to D1: ${written}`);
  }
  if (problems.length === 0) return;

  const bodyText = payload ? new TextDecoder().decode(payload.bytes) : "";
  throw new Error(
    [
      `${problems.join("\n")}`,
      `request: ${method} ${short(url.href, 200)}`,
      `headers: ${short(JSON.stringify(headerList), 600)}`,
      payload
        ? `body (${payload.bytes.length} bytes${streamed ? ", streamed" : ""}): ${short(JSON.stringify(bodyText), 400)}`
        : "body: none",
      `answer: ${response.status} ${response.headers.get("Content-Type")} Location=${response.headers.get("Location")} ${short(JSON.stringify(text), 200)}`,
      serverLog.length ? `worker log: ${short(serverLog.join("\n"), 800)}` : "",
    ]
      .map(wellFormed)
      .join("\n"),
  );
}

const KNOWN_HOSTS = new Set(["food.localhost", "retail.localhost", "new.localhost"]);

/** The assertions every answer must meet; an empty list is a pass. */
function judge(spec: Spec, method: string, url: URL, bodySize: number, response: Response, text: string): string[] {
  const problems: string[] = [];
  const status = response.status;
  const type = response.headers.get("Content-Type") ?? "";
  const isApi = /^\/api(\/|$)/.test(url.pathname);
  // Remix's data requests (single fetch's .data, the older ?_data): framework answers, not pages.
  const isData = !isApi && (url.pathname.endsWith(".data") || url.searchParams.has("_data"));
  // The two routes Razorpay posts to from other sites are authenticated by signature instead (origin-check.ts).
  const possibleHost = isPossibleHostname(url.hostname);
  const refusedCrossSite =
    possibleHost && spec.headers.origin.kind === "foreign" && !SAFE_METHODS.has(method) && !isSignedCrossSitePost(method, url.pathname);
  const knownHost = KNOWN_HOSTS.has(spec.host);

  if (status >= 500) problems.push(`status ${status} (a 5xx)`);
  if (!possibleHost && status !== 400) problems.push(`a host name no store can have was answered ${status}, not 400`);
  // An explicit branch_id that is none of the store's: 400 on every API call (docs/api.md, "Every call").
  const branchIds = url.searchParams.getAll("branch_id");
  if (
    isApi &&
    knownHost &&
    // The page-speed beacon is for no branch: it reads no branch_id (decision 084).
    url.pathname !== PAGE_SPEED_PATH &&
    branchIds.length > 0 &&
    ["99", "2147483647"].includes(branchIds[0]!) &&
    ![400, 403, 404, 405, 413].includes(status)
  ) {
    problems.push(`an API call at branch ${branchIds[0]} (none of the store's) was answered ${status}, not 400`);
  }
  if (spec.expectOk && status !== 200) problems.push(`a page that answers 200 answered ${status} with these cookies and headers`);
  if (refusedCrossSite && status !== 403) problems.push(`a cross-site ${method} was answered ${status}, not refused with 403`);
  if (response.headers.get("Set-Cookie") !== null && /public/i.test(response.headers.get("Cache-Control") ?? "")) {
    problems.push(`an answer that sets a cookie is cacheable: Cache-Control ${response.headers.get("Cache-Control")}`);
  }
  const overLimit = bodySize > BODY_LIMIT && knownHost && !refusedCrossSite;

  if (isApi) {
    const limit = bodyLimitOf(method, url.pathname);
    // docs/api.md, "Every call": the host, the branch and an owner's or the platform's key are checked before the
    // body's size, so a call one of them refuses is answered that refusal instead of 413.
    const refusedFirst =
      (status === 400 && branchIds.length > 0 && /"path":"branch_id"/.test(text)) ||
      ([401, 403].includes(status) && /^\/api\/(admin|platform)(\/|$)/.test(url.pathname));
    if (overLimit && bodySize > limit && status !== 413 && !refusedFirst) {
      problems.push(`an API body of ${bodySize} bytes (over ${limit / 1024} KiB) was answered ${status}, not 413`);
    }
    // The attack of issue 36: a key of another scope, with any body (16 MiB or endless), is refused from the headers.
    const ordersKey =
      world.ordersKey !== null &&
      spec.headers.authorization !== null &&
      textOf(spec.headers.authorization) === `Bearer ${world.ordersKey}` &&
      // A second Authorization header (the extra ones may add one) makes the bearer none.
      !spec.headers.extra.some(([name]) => name === "Authorization");
    const outsideItsScope = !["orders", "any"].includes(ownerScopeOf(method, url.pathname));
    if (ordersKey && spec.host === "food.localhost" && url.pathname.startsWith("/api/admin/") && outsideItsScope && !refusedCrossSite) {
      if (branchIds.length === 0 && status !== 403)
        problems.push(`an owner call outside its key's scope (orders) was answered ${status}, not 403`);
    }
    if (status >= 300 && status < 400) problems.push(`the API answered a redirect (${status})`);
    // A counted page-speed beacon is answered 204, with no body at all (docs/api.md).
    const noContent = status === 204 && url.pathname === PAGE_SPEED_PATH && text === "";
    if (!type.startsWith("application/json") && !noContent) problems.push(`the API answered Content-Type ${type || "(none)"}, not JSON`);
    if (method !== "HEAD" && !noContent) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        problems.push("the API's body is not JSON");
      }
      if (status >= 400 && parsed !== undefined) {
        const e = parsed as { code?: unknown; message?: unknown; issues?: unknown };
        const issuesOk =
          e.issues === undefined ||
          (Array.isArray(e.issues) &&
            e.issues.every((i: { path?: unknown; message?: unknown }) => typeof i?.path === "string" && typeof i?.message === "string"));
        if (typeof e.code !== "string" || !e.code || typeof e.message !== "string" || !e.message || !issuesOk) {
          problems.push(`the API's refusal is not the error shape { code, message, issues? }: ${short(text, 200)}`);
        }
      }
      if (/D1_|SQLITE_|\bat [\w.]+ \(/.test(text)) problems.push("the API's answer leaks an internal error");
    }
  } else {
    // A form (urlencoded: the pages' forms take no files) over the limit is a 413; a body no form sends (another
    // Content-Type, multipart included) or a ?_data request may be refused as such (400) first.
    // (GET, HEAD and OPTIONS never reach an action: their bodies are not read.)
    const isForm = /^application\/x-www-form-urlencoded\b/i.test(contentTypeOf(spec.body)) && !url.searchParams.has("_data");
    // An account page sends a signed-out shopper to sign in without reading what they sent: a 303, or for a data
    // request the 202 whose body names the redirect.
    const toSignIn =
      (status === 303 && response.headers.get("Location")?.startsWith("/login?redirectTo=") === true) ||
      (isData && status === 202 && text.includes("/login?redirectTo="));
    if (overLimit && !SAFE_METHODS.has(method) && status !== 413 && status !== 405 && !toSignIn && (isForm || status !== 400)) {
      problems.push(
        `a page body of ${bodySize} bytes (over 64 KiB) was answered ${status}, not 413 (${isForm ? "" : "or 400 for a body no form sends, "}or 405 where the route takes none)`,
      );
    }
    // A change to a page route without an action (as the path still reaches that route: same number of segments)
    // is refused, never carried out.
    const segments = (path: string) =>
      path
        .replace(/\/_root\.data$/, "/")
        .replace(/\.data$/, "")
        .split("/")
        .filter(Boolean).length;
    const reachesRoute = spec.route !== undefined && segments(url.pathname) === segments(spec.route.path);
    if (reachesRoute && !spec.route!.action && !SAFE_METHODS.has(method) && knownHost && (status < 400 || status >= 500)) {
      problems.push(`a ${method} to ${spec.route!.path}, which takes no change, was answered ${status}, not a 4xx`);
    }
    if (status >= 300 && status < 400) {
      const location = response.headers.get("Location");
      if (!location) problems.push(`a page redirect (${status}) without Location`);
      else if (new URL(location, url).origin !== url.origin) problems.push(`a page redirect leaves the site: ${location}`);
    }
    // A cross-site change is refused with a short text by design (worker/http/origin-check.ts).
    const textAllowed = (refusedCrossSite && status === 403) || (reachesRoute && spec.route!.resource && type.startsWith("text/plain"));
    if (status >= 400 && status < 500 && !isData && !textAllowed && !type.startsWith("text/html")) {
      problems.push(`a page refusal (${status}) is not an HTML page: Content-Type ${type || "(none)"} ${short(JSON.stringify(text), 120)}`);
    }
    if (/D1_|SQLITE_/.test(text)) problems.push("the page leaks an internal error");
  }
  return problems;
}

function contentTypeOf(body: BodySpec): string {
  if (body.kind === "none") return "";
  if (body.kind === "form" && body.type === undefined)
    return body.as === "urlencoded" ? "application/x-www-form-urlencoded" : "multipart/form-data";
  return body.type ?? "";
}

/** Runs one property: a fixed number of runs, a time limit, and the requests counted for the report. */
async function fuzz(name: string, arbitrary: fc.Arbitrary<Spec>, numRuns: number): Promise<void> {
  current = { runs: 0, requests: 0, ms: 0 };
  stats.set(name, current);
  const started = Date.now();
  if (SURVEY > 0) {
    const found = new Map<string, { count: number; example: string }>();
    for (const sample of fc.sample(arbitrary, { numRuns: numRuns * SURVEY, ...(REPLAY ?? {}) })) {
      current.runs++;
      try {
        await exchange(sample);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // One entry per problem and cause (the Worker's first log line, else the answer's status and type).
        const cause = /^worker log: (.*)$/m.exec(message)?.[1] ?? /^answer: (\S+ \S+)/m.exec(message)?.[1] ?? "";
        const key = `${message.split("\n")[0]!} | ${cause}`.replace(/\d+/g, "N").slice(0, 200);
        const entry = found.get(key) ?? { count: 0, example: message };
        entry.count++;
        found.set(key, entry);
      }
    }
    console.log(`fuzz survey: ${name}: ${current.requests} requests, ${found.size} distinct problems`);
    for (const [key, { count, example }] of found) console.log(`\n### ${count}× ${key}\n${example}`);
    return;
  }
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (spec) => {
        current.runs++;
        await exchange(spec);
      }),
      { numRuns, interruptAfterTimeLimit: TIME_LIMIT_MS, ...(REPLAY ?? {}) },
    );
    expect(current.runs, `${name}: only ${current.runs} of ${numRuns} runs within ${TIME_LIMIT_MS} ms`).toBeGreaterThanOrEqual(
      Math.min(numRuns, MIN_RUNS),
    );
  } finally {
    console.log(`fuzz: ${name}: ${current.runs} runs, ${current.requests} requests, ${Date.now() - started} ms`);
  }
}

// ---------------------------------------------------------------- paths

/** Fills a route pattern's parameters (`:name`, `*`) with generated segments, encoded or raw. */
function fillPath(pattern: string, segment: (name: string) => fc.Arbitrary<Text>): fc.Arbitrary<string> {
  const parts = pattern.split("/");
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === "*") return fc.tuple(junk(2000), fc.boolean()).map(([t, raw]) => encode(textOf(t), raw));
        const param = /^:(\w+)/.exec(part)?.[1];
        if (!param) return fc.constant(part);
        return fc.tuple(segment(param), fc.boolean()).map(([t, raw]) => encode(textOf(t), raw));
      }),
    )
    .map((filled) => filled.join("/"));
}

const pageParam = (name: string): fc.Arbitrary<Text> => {
  if (/slug/i.test(name)) return slug;
  if (/file/i.test(name)) return fc.oneof(fc.constantFrom<Text>("1", "2", "0", "1000", "9999"), junk(2000));
  return id(world);
};

const spec = (parts: {
  host: fc.Arbitrary<string>;
  method: fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  query: fc.Arbitrary<QuerySpec>;
  body: fc.Arbitrary<BodySpec>;
}): fc.Arbitrary<Spec> =>
  fc
    .record({
      host: parts.host,
      method: parts.method,
      path: parts.path,
      query: parts.query,
      headers: headers(world),
      cookies: cookies(world),
      body: parts.body,
    })
    .map(({ path, query: q, ...rest }) => ({ ...rest, path: `${path}${queryString(q)}` }));

// ---------------------------------------------------------------- the properties

beforeAll(async () => {
  await seedCarts();
  await seedAccount();
  world.ordersKey = await storeKey(1, "fuzz", "orders");
  await prepareSnapshot();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (serverLog.length < 20) serverLog.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  });
});

afterAll(() => {
  vi.restoreAllMocks();
  const all = [...stats.values()];
  const requests = all.reduce((n, s) => n + s.requests, 0);
  console.log(`fuzz: ${requests} requests, ${stats.size} properties (${all.reduce((n, s) => n + s.runs, 0)} runs)`);
});

describe("fuzz: hostile requests never break the Worker", () => {
  it("reads every API route from Hono and every page route from the Remix build", () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(expect.arrayContaining(["GET /api/get-products", "POST /api/cart/add", "DELETE /api/cart/remove/:id"]));
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(15);
    expect(PAGE_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/cart", "/product/:slug"]));
    expect(PAGE_ROUTES.filter((r) => r.action).map((r) => r.path)).toEqual(expect.arrayContaining(["/cart", "/product/:slug"]));
  });

  it(
    "every API route, any method, hostile params, query, headers, cookies and bodies",
    async () => {
      const route = fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...API_ROUTES) },
        // Paths no route has, and prefixes of real ones.
        {
          weight: 1,
          arbitrary: fc
            .constantFrom("/api", "/api/", "/api/cart", "/api/cart/remove", "/api/get-products/1", "/api//get-data")
            .map((path) => ({ method: "ALL", path })),
        },
      );
      const arbitrary = route.chain((r) =>
        spec({
          host,
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant(r.method === "ALL" ? "GET" : r.method) },
            { weight: 1, arbitrary: anyMethod },
          ),
          path: fillPath(r.path, () => id(world)),
          query: query(world),
          body: body(world, "json"),
        }),
      );
      await fuzz("API routes", arbitrary, 250);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "the cart page's actions (POST /cart)",
    async () => {
      const arbitrary = spec({
        host: fc.oneof({ weight: 8, arbitrary: fc.constant("food.localhost") }, { weight: 1, arbitrary: host }),
        method: unsafeMethod,
        path: fc.constantFrom("/cart", "/cart?index", "/cart.data", "/cart/", "/cart?_data=routes%2Fcart._index"),
        query: fc.constant({ pairs: [], raw: false }),
        body: body(world, "form", cartForm(world)),
      });
      await fuzz("POST /cart", arbitrary, 100);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "the product page's add to cart (POST /product/:slug)",
    async () => {
      const arbitrary = spec({
        host: fc.oneof({ weight: 8, arbitrary: fc.constant("food.localhost") }, { weight: 1, arbitrary: host }),
        method: unsafeMethod,
        path: fc
          .tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom<Text>(...productSlugs) }, { weight: 1, arbitrary: slug }), fc.boolean())
          .map(([s, data]) => `/product/${encode(textOf(s), false)}${data ? ".data" : ""}`),
        query: fc.constant({ pairs: [], raw: false }),
        body: body(world, "form", addForm(world)),
      });
      await fuzz("POST /product/:slug", arbitrary, 100);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "the account forms (POST /login, /register, /account): a redirect after signing in never leaves the site",
    async () => {
      const arbitrary = accountForm(world).chain(({ path, fields }) =>
        spec({
          host: fc.oneof({ weight: 8, arbitrary: fc.constant("food.localhost") }, { weight: 1, arbitrary: host }),
          method: fc.oneof(
            { weight: 8, arbitrary: fc.constant("POST") },
            { weight: 1, arbitrary: unsafeMethod },
            { weight: 1, arbitrary: fc.constant("GET") },
          ),
          path: fc
            .option(redirectTo, { nil: null, freq: 2 })
            .map((to) => (to === null ? path : `${path}?redirectTo=${encode(textOf(to), false)}`)),
          query: fc.constant({ pairs: [], raw: false }),
          body: fc.oneof(
            { weight: 4, arbitrary: fc.constant<BodySpec>({ kind: "form", fields, as: "urlencoded", stream: false }) },
            { weight: 1, arbitrary: body(world, "form", fc.constant(fields)) },
          ),
        }).chain((s) =>
          // A client address per request: failed sign-ins are counted per client, and the seeded customer's must not
          // be refused for a neighbour's. A signed-in GET of /login or /register redirects to redirectTo at once.
          fc.tuple(fc.ipV4(), fc.boolean()).map(
            ([ip, signedIn]): Spec => ({
              ...s,
              headers: { ...s.headers, extra: [...s.headers.extra, ["CF-Connecting-IP", ip]] },
              cookies:
                signedIn && world.account && s.method === "GET"
                  ? { ...s.cookies, pieces: [["session", world.account.token], ...s.cookies.pieces] }
                  : s.cookies,
            }),
          ),
        ),
      );
      await fuzz("account forms", arbitrary, 40);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "every page route, any method: a change to a page without an action is a 4xx page, never a 5xx",
    async () => {
      const arbitrary = fc.constantFrom(...PAGE_ROUTES).chain((route) =>
        spec({
          host,
          method: fc.oneof(
            { weight: 3, arbitrary: unsafeMethod },
            { weight: 1, arbitrary: anyMethod },
            // Reads the Worker hands Remix differently (worker/http/remix-request.ts): HEAD as a GET, OPTIONS as is.
            { weight: 1, arbitrary: fc.constantFrom("HEAD", "OPTIONS") },
          ),
          path: fc
            .tuple(fillPath(route.path, pageParam), fc.boolean())
            .map(([path, data]) => (data ? `${path === "/" ? "/_root" : path.replace(/\/$/, "")}.data` : path)),
          query: query(world),
          body: body(world, "form"),
        }).map((s): Spec => ({ ...s, route })),
      );
      await fuzz("every page route", arbitrary, 120);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "hostile cookies and headers never break a page that works",
    async () => {
      const pages = {
        "food.localhost": [
          "/",
          "/cart",
          "/cart/discounts",
          "/product/paneer-tikka",
          "/category/starters",
          "/page/about-us",
          "/search?q=paneer",
        ],
        "retail.localhost": ["/", "/cart", "/product/essential-cotton-t-shirt"],
      };
      const arbitrary = fc
        .constantFrom(...Object.entries(pages).flatMap(([h, paths]) => paths.map((p) => [h, p] as const)))
        .chain(([h, p]) =>
          spec({
            host: fc.constant(h),
            method: fc.constant("GET"),
            path: fc.constant(p),
            query: fc.constant({ pairs: [], raw: false }),
            body: fc.constant({ kind: "none" }),
          }),
        )
        .map((s): Spec => ({ ...s, expectOk: true }));
      await fuzz("good pages with hostile cookies", arbitrary, 60);
    },
    TEST_TIMEOUT_MS,
  );
});
