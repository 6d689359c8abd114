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
