import { describe, expect, it } from "vitest";
import { api } from "../../worker/api";
import { OWNER_SCOPES } from "../../worker/http/owner-scopes";
import { storeKey } from "./admin-helpers";
import { json, request } from "./request";

/**
 * One middleware checks every /api/admin call's key and scope from its headers (decision 059), reading the scope from
 * one table (worker/http/owner-scopes.ts). A route missing from that table would need scope all; a route whose guard
 * read the body first would make a refused caller upload it all before hearing so.
 */
const routes = api.routes.filter((route) => route.path.startsWith("/api/admin/") && route.method !== "ALL");
const concrete = (path: string) => path.replace(/:[a-z_]+/g, "x").replace(/\*$/, "x");

describe("every /api/admin route", () => {
  it("is in the table (the list below is not empty)", () => {
    expect(routes.length).toBeGreaterThan(4);
  });

  it("has its scope in the one table, and the table names no route the API lacks", () => {
    const served = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(new Set(OWNER_SCOPES.map((entry) => entry.route))).toEqual(served);
  });

  it.each(routes.map((route) => [route.method, route.path]))("%s %s refuses a call without a key with 401", async (method, path) => {
    const answer = await request("food.localhost", concrete(path), {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    expect(answer.status).toBe(401);
    expect(await json(answer)).toMatchObject({ code: "unauthenticated" });
  });
});

// Past every body limit: a Worker that read the body before the key would answer 413; it answers for the key.
const tooLarge = () => new Uint8Array(17 * 1024 * 1024);

describe("the calls that take the largest bodies", () => {
  it.each([
    ["PUT", "food.localhost", "/api/admin/store"],
    ["PUT", "food.localhost", "/api/admin/store/settings"],
    ["POST", "food.localhost", "/api/admin/images?kind=product"],
    ["POST", "any.localhost", "/api/platform/stores"],
  ])("%s %s%s refuses a caller without its key before reading the body", async (method, host, path) => {
    const answer = await request(host, path, {
      method,
      headers: { "Content-Type": "application/octet-stream", Authorization: "Bearer sk_not_a_key" },
      body: tooLarge(),
    });
    // The platform has no key configured in the tests: 403; a store call without a valid key: 401.
    expect(answer.status).toBe(path.startsWith("/api/platform") ? 403 : 401);
  });

  it.each([
    ["PUT", "/api/admin/store", "orders"],
    ["PUT", "/api/admin/store/products", "orders"],
    ["POST", "/api/admin/images?kind=product", "orders"],
    ["POST", "/api/admin/orders/x/status", "store"],
  ] as const)("%s %s refuses a key of scope %s with 403 before reading an oversize body", async (method, path, scope) => {
    const answer = await request("food.localhost", path, {
      method,
      headers: { "Content-Type": "application/octet-stream", Authorization: `Bearer ${await storeKey(1, "guard", scope)}` },
      body: tooLarge(),
    });
    expect(answer.status).toBe(403);
    expect(await json(answer)).toMatchObject({ code: "forbidden" });
  });

  it("answers a key of another scope while its body is still coming, and a body declared too large from its headers", async () => {
    // A body that sends one piece and then never ends: anything that read it before answering would never answer.
    const endless = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(1024));
        },
      });
    const ordersKey = await storeKey(1, "guard", "orders");
    const refused = await request("food.localhost", "/api/admin/store", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${ordersKey}` },
      body: endless(),
    });
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
    const storeScoped = await storeKey(1, "guard", "store");
    const declared = await request("food.localhost", "/api/admin/images?kind=product", {
      method: "POST",
      headers: { "Content-Type": "image/png", "Content-Length": String(11 * 1024 * 1024), Authorization: `Bearer ${storeScoped}` },
      body: endless(),
    });
    expect(declared.status).toBe(413);
    await declared.body?.cancel();
  }, 10_000);
});
