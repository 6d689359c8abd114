import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCall, storeKey } from "./admin-helpers";
import { deskGet, deskPost, deskSignIn, FOOD_KITCHEN, FOOD_OWNER } from "./desk-helpers";
import { insertOrder } from "./order-fixtures";
import { postForm, registeredShopper } from "./page-session";
import { json, request } from "./request";

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

describe("staff sign in to the desk", () => {
  it("sends a visitor to sign in, and back to the page they asked for", async () => {
    const asked = await deskGet("/admin/catalogue", "");
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fcatalogue");
    const form = await request("food.localhost", "/admin/login?next=%2Fadmin%2Fcatalogue");
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    expect(form.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await text(form);
    expect(html).toContain('<input type="hidden" name="next" value="/admin/catalogue"/>');
    expect(html).toContain("Staff sign-in");
  });

  it("signs the owner in with a desk cookie of its own, limited to /admin, and shows the whole desk", async () => {
    const signedIn = await postForm("/admin/login", { ...FOOD_OWNER, next: "/admin/catalogue" });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/admin/catalogue");
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("desk_session="));
    expect(cookie).toMatch(/^desk_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/admin; HttpOnly; Secure; SameSite=Lax$/);
    const page = await deskGet("/admin/catalogue", cookie!.split(";")[0]!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await text(page);
    expect(html).toContain("Meera Iyer, owner");
    expect(html).toContain('href="/admin/stock"');
    expect(html).toContain('href="/admin/switches"');
    expect(html).toContain("npm run store:import -- food.json");
  });

  it("shows an orders clerk only what their role may use", async () => {
    const html = await text(await deskGet("/admin/catalogue", await deskSignIn(FOOD_KITCHEN)));
    expect(html).toContain("Ravi Kumar, orders");
    expect(html).toContain('href="/admin/orders"');
    expect(html).not.toContain('href="/admin/stock"');
    expect(html).not.toContain('href="/admin/switches"');
  });

  it("refuses a wrong password and an unknown email in the same words, keeping the email typed", async () => {
    for (const email of [FOOD_OWNER.email, "nobody.here@example.com"]) {
      const refused = await postForm("/admin/login", { email, password: "not the password" });
      expect(refused.status).toBe(422);
      expect(refused.headers.getSetCookie().filter((c) => c.startsWith("desk_session"))).toEqual([]);
      const html = await text(refused);
      expect(html).toContain("That email and password do not match a staff member of this store.");
      expect(html).toContain(`value="${email}"`);
    }
    const malformed = await postForm("/admin/login", { email: "not an email", password: "x" });
    expect(malformed.status).toBe(422);
    expect(await text(malformed)).toContain("Enter a valid email");
  });

  it("limits guessing as for shoppers: past ten tries at one account, 429 with the wait", async () => {
    const email = `guessed.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postForm("/admin/login", { email, password: `guess ${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    const refused = await postForm("/admin/login", { email, password: "one more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await text(refused)).toMatch(/Too many tries\. Try again in \d+ minutes?\./);
  });

  it("lets no shopper's session, junk cookie or other store's desk cookie in", async () => {
    const shopper = await registeredShopper();
    for (const cookie of [shopper, "desk_session=junk", `desk_session=${"A".repeat(43)}`]) {
      const page = await deskGet("/admin/catalogue", cookie);
      expect(page.status).toBe(303);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const foodDesk = await deskSignIn(FOOD_OWNER);
    const elsewhere = await deskGet("/admin/catalogue", foodDesk, "retail.localhost");
    expect(elsewhere.status).toBe(303);
  });

  it("refuses cross-site posts, bodies no form sends, and a next address off the desk", async () => {
    const crossSite = await request("food.localhost", "/admin/login", {
      method: "POST",
      body: new URLSearchParams(FOOD_OWNER),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const json = await request("food.localhost", "/admin/login", {
      method: "POST",
      body: JSON.stringify(FOOD_OWNER),
      headers: { "Content-Type": "application/json", Origin: "http://food.localhost" },
    });
    expect(json.status).toBe(400);
    const huge = await postForm("/admin/login", { email: FOOD_OWNER.email, password: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/admin/../account"]) {
      const signedIn = await postForm("/admin/login", { ...FOOD_OWNER, next });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("Location")).toBe("/admin/orders");
    }
  });

  it("signs out: the cookie is dropped and the session ends on the server too", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    const out = await deskPost("/admin/logout", {}, cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/admin/login?signed_out=1");
    expect(out.headers.getSetCookie()).toContain("desk_session=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Lax");
    expect((await deskGet("/admin/catalogue", cookie)).status).toBe(303);
    expect(await text(await request("food.localhost", "/admin/login?signed_out=1"))).toContain("You are signed out.");
  });
});

describe("the owner's staff through the owner API", () => {
  it("adds a member who signs in, refuses a second with the same email, and removes them with their sessions", async () => {
    const key = await storeKey(1, "staff", "all");
    const email = `clerk.${Date.now()}@example.com`;
    const added = await adminCall("/staff", key, {
      method: "POST",
      body: { name: "Clerk", email, password: "a long enough password", role: "orders" },
    });
    expect(added.status).toBe(201);
    const member = await json<{ id: number; role: string; email: string }>(added);
    expect(member).toMatchObject({ role: "orders", email });
    expect(JSON.stringify(member)).not.toContain("password");
    const again = await adminCall("/staff", key, {
      method: "POST",
      body: { name: "Clerk", email, password: "another long password", role: "owner" },
    });
    expect(again.status).toBe(409);
    const cookie = await deskSignIn({ email, password: "a long enough password" });
    expect((await deskGet("/admin/catalogue", cookie)).status).toBe(200);
    const listed = await json<{ staff: { email: string }[] }>(await adminCall("/staff", key));
    expect(listed.staff.map((m) => m.email)).toContain(email);
    expect((await adminCall(`/staff/${member.id}/remove`, key, { method: "POST" })).status).toBe(200);
    expect((await deskGet("/admin/catalogue", cookie)).status).toBe(303);
    expect((await adminCall(`/staff/${member.id}/remove`, key, { method: "POST" })).status).toBe(404);
  });

  it("is for keys of scope all only, and checks what it is sent", async () => {
    const orders = await storeKey(1, "orders", "orders");
    expect((await adminCall("/staff", orders)).status).toBe(403);
    const key = await storeKey(1, "staff", "all");
    const short = await adminCall("/staff", key, {
      method: "POST",
      body: { name: "X", email: "x@example.com", password: "short", role: "orders" },
    });
    expect(short.status).toBe(400);
    const role = await adminCall("/staff", key, {
      method: "POST",
      body: { name: "X", email: "x@example.com", password: "long enough pass", role: "god" },
    });
    expect(role.status).toBe(400);
    // Another store's member is not this store's to remove.
    const retailKey = await storeKey(2, "retail", "all");
    const foodMember = await env.DB.prepare("SELECT id FROM staff WHERE tenant_id = 1 LIMIT 1").first<{ id: number }>();
    expect((await adminCall(`/staff/${foodMember!.id}/remove`, retailKey, { method: "POST", host: "retail.localhost" })).status).toBe(404);
  });
});

describe("who moved an order", () => {
  it("is recorded in the order's history: the API's key", async () => {
    const key = await storeKey(1, "kitchen", "orders");
    const keyId = (await env.DB.prepare("SELECT max(id) AS id FROM store_api_keys").first<{ id: number }>())!.id;
    const order = await insertOrder({ customerId: 1 });
    expect((await adminCall(`/orders/${order.publicId}/status`, key, { method: "POST", body: { status: "confirmed" } })).status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT actor, staff_id, store_key_id FROM order_status_history WHERE order_id = ?1 AND status = 'confirmed'",
    )
      .bind(order.id)
      .first();
    expect(row).toEqual({ actor: "store", staff_id: null, store_key_id: keyId });
  });
});
