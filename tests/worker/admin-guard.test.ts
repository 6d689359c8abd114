import { describe, expect, it } from "vitest";
import { api } from "../../worker/api";
import { json, request } from "./request";

/**
 * Each admin router guards its own paths (a sub-app's "*" would guard its siblings too, decision 040), so a route
 * added without its guard would be open to anyone. Every /api/admin route of the table, whatever it is, refuses a
 * call without a key before it reads anything.
 */
describe("every /api/admin route", () => {
  const routes = api.routes.filter((route) => route.path.startsWith("/api/admin/") && route.method !== "ALL");
  const concrete = (path: string) => path.replace(/:[a-z_]+/g, "x").replace(/\*$/, "x");

  it("is in the table (the list below is not empty)", () => {
    expect(routes.length).toBeGreaterThan(4);
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

describe("the calls that take the largest bodies", () => {
  // Past every body limit: a Worker that read the body before the key would answer 413; it answers for the key.
  const tooLarge = () => new Uint8Array(17 * 1024 * 1024);

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
});
