import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translatorOf } from "../../commerce/i18n/translators";
import type { BranchAtPositionAnswer, BranchesAnswer } from "../../worker/api/branches";
import worker from "../../worker/index";
import { withoutPageMessages } from "./page-session";
import { json, request } from "./request";

const NEAR_KORAMANGALA = "12.9352,77.6245";
const NEAR_JAYANAGAR = "12.926,77.585";
const DELHI = "28.6139,77.2090";

/** A page or call with the Worker's env changed (DEV_TOOLS as `.dev.vars` sets it) and, optionally, Cloudflare's cf. */
async function fetchWith(path: string, vars: Record<string, string>, init: RequestInit & { cf?: Record<string, string> } = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://food.localhost${path}`, init as RequestInit), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
const devPage = (path: string, position: string) =>
  fetchWith(path, { DEV_TOOLS: "1" }, { headers: { Cookie: `dev_position=${position}` } });

describe("GET /api/get-branch-based-on-gps", () => {
  it("answers the nearest branch that delivers there, and every branch nearest first", async () => {
    const answer = await json<BranchAtPositionAnswer>(
      await request("food.localhost", "/api/get-branch-based-on-gps?latitude=12.9352&longitude=77.6245"),
    );
    expect(answer.branch).toMatchObject({ id: 2, name: "Spice Route Kitchen - Koramangala", serves: true, distance_km: 0 });
    expect(answer.branches.map((b) => b.id)).toEqual([2, 1, 3]);
    expect(answer.branches.find((b) => b.id === 1)).toMatchObject({ serves: true, is_main_branch: true });
  });

  it("answers no branch where none delivers", async () => {
    const response = await request("food.localhost", "/api/get-branch-based-on-gps?latitude=28.6139&longitude=77.209");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = await json<BranchAtPositionAnswer>(response);
    expect(answer.branch).toBeNull();
    expect(answer.branches.every((b) => b.serves === false)).toBe(true);
  });

  it.each([
    ["latitude=91&longitude=77", "latitude"],
    ["latitude=12&longitude=-181", "longitude"],
    ["latitude=abc&longitude=77", "latitude"],
    ["latitude=12", "longitude"],
    ["latitude=1e3&longitude=2", "latitude"],
  ])("refuses %s with the one error shape", async (query, field) => {
    const response = await request("food.localhost", `/api/get-branch-based-on-gps?${query}`);
    expect(response.status).toBe(400);
    const body = await json<{ code: string; issues: { path: string }[] }>(response);
    expect(body.code).toBe("invalid_input");
    expect(body.issues.map((i) => i.path)).toContain(field);
  });
});

describe("GET /api/get-branches", () => {
  it("lists the store's branches with hours, pickup and whether they are closed to shoppers", async () => {
    const { branches } = await json<BranchesAnswer>(await request("retail.localhost", "/api/get-branches"));
    expect(branches.map((b) => [b.id, b.closed])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(branches.find((b) => b.id === 3)).toMatchObject({ open_now: false, serves: null, distance_km: null, takes_pickup: true });
  });

  it("refuses half a position", async () => {
    expect((await request("food.localhost", "/api/get-branches?latitude=12.9")).status).toBe(400);
  });
});

describe("POST /api/select-branch", () => {
  const select = (host: string, body: unknown) =>
    request(host, "/api/select-branch", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("answers a branch of this store", async () => {
    const response = await select("food.localhost", { branch_id: 3 });
    expect(response.status).toBe(200);
    expect((await json<{ branch: { id: number } }>(response)).branch.id).toBe(3);
  });

  it("refuses a branch this store does not have, a closed branch and junk", async () => {
    expect(await json(await select("food.localhost", { branch_id: 4 }))).toMatchObject({ code: "branch_not_found" });
    const closed = await select("retail.localhost", { branch_id: 3 });
    expect(closed.status).toBe(409);
    // The retail store speaks German to a caller who names no language (decision 079).
    expect(await json(closed)).toMatchObject({ code: "branch_closed", message: translatorOf("de")("errors.branch_closed") });
    for (const junk of [{ branch_id: "1" }, { branch_id: -1 }, {}, { branch_id: 1e20 }]) {
      expect((await select("food.localhost", junk)).status).toBe(400);
    }
  });
});

describe("the branch a page is served from", () => {
  it("is the nearest serving branch to where a tester stands (DEV_TOOLS), with no cookie set", async () => {
    const page = await devPage("/_root.data", NEAR_JAYANAGAR);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect(await page.text()).toContain("Spice Route Kitchen - Jayanagar");
    expect(withoutPageMessages(await (await devPage("/", NEAR_KORAMANGALA)).text())).not.toContain("We don't deliver here");
  });

  it("shows the unserviceable screen, with no blocks, where no branch delivers", async () => {
    const html = await (await devPage("/", DELHI)).text();
    expect(html).toContain("Sorry! We don&#x27;t deliver here");
    expect(html).toContain("We are currently unavailable in your location. Please visit after a while.");
    expect(html).toMatch(/<a [^>]*href="\/location"[^>]*>Change Location<\/a>/);
    expect(html).not.toContain('data-testid="product-card"');
  });

  it("keeps the branch the shopper chose, wherever they stand", async () => {
    const page = await fetchWith("/", { DEV_TOOLS: "1" }, { headers: { Cookie: `dev_position=${DELHI}; branch_id=2` } });
    expect(await page.text()).not.toContain("We don&#x27;t deliver here");
  });

  it("uses Cloudflare's geolocation when deployed, and ignores the tester's cookie there", async () => {
    const deployed = { DEV_TOOLS: "" };
    const far = await fetchWith("/", deployed, { cf: { latitude: "28.6139", longitude: "77.2090" } });
    expect(await far.text()).toContain("We don&#x27;t deliver here");
    const near = await fetchWith("/", deployed, {
      cf: { latitude: "12.9352", longitude: "77.6245" },
      headers: { Cookie: `dev_position=${DELHI}` },
    });
    expect(await near.text()).not.toContain("We don&#x27;t deliver here");
    // Without a position (a Worker that gets none): the main branch, served.
    expect(await (await fetchWith("/", deployed)).text()).not.toContain("We don&#x27;t deliver here");
  });

  it("treats junk positions and branch cookies as absent", async () => {
    for (const cookie of ["dev_position=91,0", "dev_position=<script>", "dev_position=%E0%A4%A", "branch_id=abc; dev_position=12,77,1"]) {
      const page = await fetchWith("/", { DEV_TOOLS: "1" }, { headers: { Cookie: cookie } });
      expect(page.status, cookie).toBe(200);
    }
  });
});
