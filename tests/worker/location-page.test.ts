import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translatorOf } from "../../commerce/i18n/translators";
import worker from "../../worker/index";
import { getPage, jar, postForm } from "./page-session";

/**
 * The /location page without JavaScript (and the drawer's one action): the branch list and the place search as plain
 * forms, a choice setting the branch cookie through the shopper layer, and refusals shown on the page with nothing set.
 */

const KORAMANGALA = "Spice Route Kitchen - Koramangala";
/** A page for a visitor Cloudflare places in Mysuru, far from every food branch. */
async function farAwayPage(path: string, cookie = "") {
  const ctx = createExecutionContext();
  const init = { headers: { Cookie: cookie }, cf: { latitude: "12.308", longitude: "76.655" } };
  const response = await worker.fetch(new Request(`http://food.localhost${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The branch named in the nav's 'Change Location'. */
function navBranch(html: string): string | undefined {
  return html.match(/data-testid="nav-branch-name">([^<]*)</)?.[1];
}

describe("the /location page without JavaScript", () => {
  it("lists the store's branches, each with a named button, and is private to the shopper", async () => {
    const page = await getPage("/location");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html.match(/data-testid="branch-choice"/g)).toHaveLength(3);
    // The shopper's branch now (the main branch, with no position known) is marked; not chosen yet, it can be.
    expect(html).toMatch(/Spice Route Kitchen - Indiranagar<\/span>.*?Your branch now/s);
    expect(html).toContain(`Choose<span class="sr-only"> ${KORAMANGALA}</span>`);
    expect(html.match(/<form method="post" action="\/location"/g)).toHaveLength(3);
  });

  it("answers a place search with the branch that delivers to each place, or that none does", async () => {
    const served = await (await getPage("/location?q=Koramangala")).text();
    expect(served).toMatch(/data-testid="place-label">Koramangala, Bengaluru, Karnataka 560034, India</);
    expect(served).toContain(`Delivered from <strong>${KORAMANGALA}</strong>`);
    expect(served).toContain('<input type="hidden" name="branch_id" value="2"/>');

    const far = await (await getPage("/location?q=Mysuru")).text();
    expect(far).toMatch(/data-testid="place-label">Mysuru/);
    expect(far).toContain("Sorry! We don&#x27;t deliver here");

    const nothing = await (await getPage("/location?q=Atlantis")).text();
    expect(nothing).toContain("No place was found by that name. Try an area or a pincode.");
    const short = await (await getPage("/location?q=x")).text();
    expect(short).toContain("Type at least 2 characters.");
  });

  it("shows script in a place search as text", async () => {
    const script = `<script>alert("place")</script>`;
    const html = await (await getPage(`/location?q=${encodeURIComponent(script)}`)).text();
    expect(html).not.toContain('<script>alert("place")');
    expect(html).toContain("&lt;script&gt;alert(&quot;place&quot;)&lt;/script&gt;");
  });

  it("chooses a branch: the cookie is set through the shopper layer, and the home is served from it", async () => {
    const chose = await postForm("/location", { branch_id: "2", redirectTo: "/" });
    expect(chose.status).toBe(303);
    expect(chose.headers.get("Location")).toBe("/");
    const branchCookie = chose.headers.getSetCookie().find((c) => c.startsWith("branch_id="));
    expect(branchCookie).toBe("branch_id=2; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax");
    const cookies = jar(chose);
    const home = await (await getPage("/", cookies)).text();
    expect(navBranch(home)).toBe(KORAMANGALA);
    // The page marks it as the shopper's own now, and offers only the others.
    const page = await (await getPage("/location", cookies)).text();
    expect(page).toMatch(new RegExp(`${KORAMANGALA}</span>.*?Your branch now`, "s"));
    expect(page).not.toContain(`<input type="hidden" name="branch_id" value="2"/>`);
    expect(page.match(/<form method="post" action="\/location"/g)).toHaveLength(2);
  });

  it("takes a visitor far away from the unserviceable screen to a served branch", async () => {
    const home = await (await farAwayPage("/")).text();
    expect(home).toContain("Sorry! We don&#x27;t deliver here");
    expect(home).toMatch(/href="\/location"[^>]*>Change Location</);
    const chose = await postForm("/location", { branch_id: "2" });
    expect(chose.status).toBe(303);
    expect(chose.headers.get("Location")).toBe("/");
    const after = await (await farAwayPage("/", jar(chose))).text();
    expect(after).not.toContain("Sorry! We don&#x27;t deliver here");
    expect(navBranch(after)).toBe(KORAMANGALA);
  });

  it("goes back only to a path on this site", async () => {
    for (const [redirectTo, location] of [
      ["/cart", "/cart"],
      ["https://evil.example/", "/"],
      ["//evil.example", "/"],
    ]) {
      const chose = await postForm("/location", { branch_id: "1", redirectTo: redirectTo! });
      expect(chose.headers.get("Location"), redirectTo).toBe(location);
    }
  });

  it("answers the drawer's fetcher on the spot (stay), setting the same cookie", async () => {
    const chose = await postForm("/location.data", { branch_id: "2", stay: "1" });
    expect(chose.status).toBe(200);
    expect(chose.headers.get("Cache-Control")).toBe("private, no-store");
    expect(chose.headers.getSetCookie().some((c) => c.startsWith("branch_id=2;"))).toBe(true);
    expect(await chose.text()).toContain(KORAMANGALA);
  });

  it("refuses another store's branch, a closed branch and junk ids readably, setting nothing", async () => {
    const attempts: [string, string, string][] = [
      // The new store has branch 1 only; 2 is the food store's.
      ["new.localhost", "2", "This branch is not available."],
      ["food.localhost", "99", "This branch is not available."],
      // The retail store's Munich branch is closed for now; the store speaks German (decision 078).
      ["retail.localhost", "3", translatorOf("de")("errors.branch_closed")],
      ["food.localhost", "abc", "Please choose a branch from the list."],
      ["food.localhost", "0", "Please choose a branch from the list."],
      ["food.localhost", "-1", "Please choose a branch from the list."],
      ["food.localhost", "1e3", "Please choose a branch from the list."],
      ["food.localhost", "99999999999999999999", "Please choose a branch from the list."],
    ];
    for (const [host, branchId, message] of attempts) {
      const response = await postForm("/location", { branch_id: branchId }, "", host);
      expect(response.status, `${host} ${branchId}`).toBe(422);
      expect(
        response.headers.getSetCookie().filter((c) => c.startsWith("branch_id=")),
        branchId,
      ).toEqual([]);
      const html = await response.text();
      expect(html, branchId).toMatch(new RegExp(`role="alert"[^>]*>${message.replace(/\./g, "\\.")}<`));
      // The page is still there to choose from.
      expect(html).toContain('data-testid="branch-list"');
    }
    // No branch id at all.
    const none = await postForm("/location", {});
    expect(none.status).toBe(422);
    // The closed branch is listed but cannot be chosen.
    const closedPage = await (await getPage("/location", "", "retail.localhost")).text();
    expect(closedPage).toMatch(
      new RegExp(`Northwind Outfitters Munich</span>.*?>${translatorOf("de")("location.closed")}<.*?disabled=""`, "s"),
    );
  });
});
