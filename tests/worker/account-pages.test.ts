import { describe, expect, it } from "vitest";
import { jar, postForm as post } from "./page-session";
import { guestCall, newGuest, request } from "./request";

const HOST = "food.localhost";

let n = 0;
const account = () => {
  n++;
  return {
    name: `<script>alert(${n})</script> Ravi`,
    email: `ravi.${Date.now()}${n}@example.com`,
    phone: `+9177${Date.now() % 1e8}${n}`.slice(0, 14),
    password: "a long enough password",
  };
};

describe("account pages without JavaScript", () => {
  it("registers, shows the account with the name as text, signs out, and signs in again keeping the guest cart", async () => {
    const details = account();
    const registered = await post("/register", { ...details, redirectTo: "/account" });
    expect(registered.status).toBe(303);
    expect(registered.headers.get("Location")).toBe("/account");
    const session = registered.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    let cookies = jar(registered);

    const page = await request(HOST, "/account", { headers: { Cookie: cookies } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).not.toContain("<script>alert(");
    expect(html).toContain('data-testid="account-link"');

    const out = await post("/account", { intent: "logout" }, cookies);
    expect(out.status).toBe(303);
    cookies = jar(out, cookies);
    expect(cookies).not.toContain("session=");
    const again = await request(HOST, "/account", { headers: { Cookie: cookies } });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");

    // A guest fills a cart, then signs in: the cart is still there.
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 3 })).status).toBe(201);
    const wrong = await post("/login", { login: details.email, password: "wrong password", redirectTo: "/cart" }, `guest_id=${guest}`);
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("That email or phone number and password do not match an account.");
    const signedIn = await post("/login", { login: details.email, password: details.password, redirectTo: "/cart" }, `guest_id=${guest}`);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/cart");
    const cart = await request(HOST, "/cart", { headers: { Cookie: jar(signedIn, `guest_id=${guest}`) } });
    expect(await cart.text()).toContain("Paneer Tikka");
  });

  it("never redirects to another site after sign-in", async () => {
    const details = account();
    for (const redirectTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await post("/register", { ...account(), redirectTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location"), redirectTo).toBe("/account");
    }
    expect(details).toBeTruthy();
  });

  it("signs a page out when its session cookie names no session", async () => {
    const response = await request(HOST, "/account", { headers: { Cookie: "session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } });
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toContain("session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});
