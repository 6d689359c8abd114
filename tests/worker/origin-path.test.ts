import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { homeAddress } from "./accounts-helpers";
import { getPage, postForm, registeredShopper } from "./page-session";
import { guestCall, newGuest } from "./request";

/**
 * Decision 066: a page reaches the origin's operations as functions, so the path from the Worker's entry to a row of D1
 * runs the Worker's own middleware once and never the API's again. The path is read where it is walked: the call stack
 * (with its async frames) at the moment the SQL is prepared, reduced to the repository's own source files.
 */

type Prepare = (this: unknown, query: string) => unknown;
/** Each method replaced, to put back after the test. */
const patched: { target: Record<string, unknown>; key: string; original: unknown }[] = [];

/** Records the call stack of each statement prepared whose SQL matches `sql`, through a session or not. */
function stacksOf(sql: RegExp): string[] {
  const stacks: string[] = [];
  const wrap = (target: { prepare: Prepare }) => {
    // biome-ignore lint/suspicious/noExplicitAny: the binding's prototype, patched in place for the test
    const record = target as any;
    if (patched.some((p) => p.target === record && p.key === "prepare")) return;
    const original = target.prepare;
    patched.push({ target: record, key: "prepare", original });
    target.prepare = function (query) {
      if (sql.test(query)) {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 500;
        stacks.push(new Error().stack ?? "");
        Error.stackTraceLimit = limit;
      }
      return original.call(this, query);
    };
  };
  const database = Object.getPrototypeOf(env.DB) as { prepare: Prepare; withSession: (...args: unknown[]) => object };
  wrap(database);
  const withSession = database.withSession;
  patched.push({ target: database as never, key: "withSession", original: withSession });
  database.withSession = function (...args) {
    const session = withSession.apply(this, args);
    wrap(Object.getPrototypeOf(session));
    return session;
  };
  return stacks;
}

afterEach(() => {
  for (const { target, key, original } of patched.splice(0).reverse()) target[key] = original;
});

/**
 * The repository's source files a stack passes through, in order from the SQL outwards, each once (the pages' code
 * runs from the Remix build, so its frames count as one file, the build).
 */
function filesOn(stack: string): string[] {
  const files: string[] = [];
  for (const match of stack.matchAll(/(?<!tests)\/((?:worker|app|commerce|web)\/[\w./$[\]-]+?\.tsx?|build\/server)\b[^\n]*:\d+:\d+/g)) {
    if (!files.includes(match[1]!)) files.push(match[1]!);
  }
  return files;
}

/** Every frame below the SQL, the framework's included: the work of reaching the rows. */
const framesOn = (stack: string) => stack.split("\n").filter((line) => /^\s+at /.test(line)).length - 1;

/** The API's own middleware (worker/http/, beside the Worker's; docs/architecture.md, decision 068). */
const API_MIDDLEWARE = [
  "worker/http/body-limits.ts",
  "worker/http/branch-middleware.ts",
  "worker/http/shopper-middleware.ts",
  "worker/http/admin-auth.ts",
  "worker/http/platform-auth.ts",
];
/** Those a shopper's call over HTTP runs (the owner's and the platform's keys are checked on their own paths only). */
const SHOPPER_CALL_MIDDLEWARE = API_MIDDLEWARE.slice(0, 3);

/** A page's run to its SQL: no frame of the API's middleware, and the Worker's tenant middleware once, the page's. */
function expectOneHop(stack: string, path: string) {
  const files = filesOn(stack);
  console.info(
    `${path}: ${files.length} source files, ${framesOn(stack)} frames from the Worker's entry to the SQL\n  ${files.join("\n  ")}`,
  );
  expect(files.at(-1)).toBe("worker/request-db.ts");
  for (const middleware of API_MIDDLEWARE) expect(files, `${path} ran ${middleware}`).not.toContain(middleware);
  expect(stack.match(/worker\/http\/tenant-middleware\.ts/g), `${path} resolved the store twice`).toHaveLength(1);
}

describe("a page's path to its rows (decision 066)", () => {
  // The control: the same reading of the stack finds the API's middleware on an HTTP call, so the list names files
  // that would show on a page's path if it ran them.
  it("over HTTP instead, runs the API's middleware on the way to the SQL", async () => {
    const stacks = stacksOf(/INSERT INTO cart_items\b/);
    const added = await guestCall("POST", "/api/cart/add", newGuest(), { product_id: 1, quantity: 1 });
    expect(added.status).toBe(201);
    expect(stacks.length).toBeGreaterThan(0);
    const files = filesOn(stacks[0]!);
    for (const middleware of SHOPPER_CALL_MIDDLEWARE) expect(files, `POST /api/cart/add ran ${middleware}`).toContain(middleware);
  });

  it("from the product page to the product's SQL runs the Worker's middleware once", async () => {
    const stacks = stacksOf(/FROM products p\b[\s\S]*\bp\.slug = /);
    const response = await getPage("/product/margherita-pizza");
    expect(response.status).toBe(200);
    expect(stacks.length).toBeGreaterThan(0);
    expectOneHop(stacks[0]!, "GET /product/:slug");
  });

  it("from the checkout's form to the order batch runs the Worker's middleware once", async () => {
    const guest = newGuest();
    const added = await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 1 });
    expect(added.status).toBe(201);
    const cookies = await registeredShopper(guest);
    const address = Object.fromEntries(Object.entries(homeAddress()).map(([k, v]) => [k, String(v)]));
    expect((await postForm("/account/add-address", { ...address, redirectTo: "/checkout" }, cookies)).status).toBe(303);
    const html = await (await getPage("/checkout", cookies)).text();
    const addressId = html.match(/name="address_id"[^>]*value="(\d+)"/)![1]!;
    await postForm("/checkout", { intent: "address", address_id: addressId }, cookies);
    const ready = await (await getPage("/checkout", cookies)).text();
    const field = (name: string) => ready.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!.replaceAll("&amp;", "&");

    const stacks = stacksOf(/INSERT INTO orders\b/);
    const placed = await postForm(
      "/checkout",
      {
        intent: "place",
        key: field("key"),
        fulfillment: field("fulfillment"),
        address_id: addressId,
        expected_total: field("expected_total"),
        payment_method: "cod",
      },
      cookies,
    );
    expect(placed.status).toBe(303);
    expect(placed.headers.get("Location")).toMatch(/^\/order-placed\//);
    expect(stacks.length).toBeGreaterThan(0);
    expectOneHop(stacks[0]!, "POST /checkout");
  });
});
