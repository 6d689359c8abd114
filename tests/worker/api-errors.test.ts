import { describe, expect, it } from "vitest";
import { json, request } from "./request";

interface ErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

async function expectError(response: Response, status: number, code: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = await json<ErrorBody>(response);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/D1_|SQLITE|\bat [\w.]+ \(/);
  return body;
}

describe("the API's one error shape", () => {
  it("answers an unknown API path with a JSON 404, not a page", async () => {
    await expectError(await request("food.localhost", "/api/no-such-thing"), 404, "not_found");
  });

  it("refuses a malformed branch_id with 400", async () => {
    for (const branch of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const body = await expectError(await request("food.localhost", `/api/get-data?branch_id=${branch}`), 400, "invalid_input");
      expect(body.issues?.[0]?.path).toBe("branch_id");
    }
  });

  it("names each bad paging parameter", async () => {
    const body = await expectError(await request("food.localhost", "/api/get-products?page=0&per_page=1000"), 400, "invalid_input");
    expect(body.issues?.map((i) => i.path).sort()).toEqual(["page", "per_page"]);
    await expectError(await request("food.localhost", "/api/get-products?page=abc"), 400, "invalid_input");
  });

  it("answers an unknown host's API call with 404 naming no store", async () => {
    const body = await expectError(await request("unknown.localhost", "/api/get-data"), 404, "unknown_store");
    expect(body.message).not.toMatch(/food|retail/i);
  });

  it("refuses a state-changing request from another site", async () => {
    const crossSite = await request("food.localhost", "/api/get-data", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    await expectError(crossSite, 403, "cross_origin");
    const siblingStore = await request("food.localhost", "/", {
      method: "POST",
      headers: { Origin: "http://retail.localhost", "Sec-Fetch-Site": "same-site" },
      body: new URLSearchParams({ a: "1" }),
    });
    expect(siblingStore.status).toBe(403);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const response = await request("food.localhost", "/api/get-products", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(70 * 1024) }),
    });
    await expectError(response, 413, "payload_too_large");
  });
});
