import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, type SignedIn } from "./accounts-helpers";
import { guestCall, json, newGuest, request } from "./request";

let counter = 0;
function newAccount() {
  counter++;
  const unique = `${Date.now()}${counter}`;
  return {
    name: "Asha <b>Rao</b>",
    email: `Asha.${unique}@Example.com`,
    phone: `+91 98${unique.slice(-8)}`,
    password: "correct horse battery",
  };
}

describe("accounts API", () => {
  it("registers, answers the details to the bearer token, and signs out for good", async () => {
    const account = newAccount();
    const registered = await call("/api/register", { method: "POST", body: account });
    expect(registered.status).toBe(201);
    const { token, user } = await json<SignedIn>(registered);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ name: "Asha <b>Rao</b>", email: account.email.toLowerCase(), phone: account.phone.replace(/\s/g, "") });
    const details = await call("/api/user/details", { method: "GET", token });
    expect(details.status).toBe(200);
    expect(details.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(details)).toEqual({ ...user, avatar_url: null });
    // Stored hashed: neither the token nor the password is in the database.
    const stored = await env.DB.prepare("SELECT password_hash FROM customers WHERE id = ?1")
      .bind(user.id)
      .first<{ password_hash: string }>();
    expect(stored?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[^$]+\$[^$]+$/);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE token_hash = ?1").bind(token).first()).toEqual({ n: 0 });

    expect((await call("/api/logout", { method: "POST", token })).status).toBe(200);
    const after = await call("/api/user/details", { method: "GET", token });
    expect(after.status).toBe(401);
    expect(await json(after)).toMatchObject({ code: "unauthenticated" });
  });

  it("signs in with the email or the phone and the password, and refuses the rest alike", async () => {
    const account = newAccount();
    expect((await call("/api/register", { method: "POST", body: account })).status).toBe(201);
    for (const login of [{ email: account.email.toUpperCase() }, { phone: account.phone }]) {
      const response = await call("/api/login", { method: "POST", body: { ...login, password: account.password } });
      expect(response.status, JSON.stringify(login)).toBe(200);
      expect((await json<SignedIn>(response)).user.email).toBe(account.email.toLowerCase());
    }
    const wrong = await call("/api/login", { method: "POST", body: { email: account.email, password: "not the password" } });
    const unknown = await call("/api/login", {
      method: "POST",
      body: { email: `nobody${counter}@example.com`, password: account.password },
    });
    expect([wrong.status, unknown.status]).toEqual([422, 422]);
    // The same answer whether or not the account exists.
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("keeps accounts per store: the same email registers at another store, and a token works only where it was made", async () => {
    const account = newAccount();
    const food = await json<SignedIn>(await call("/api/register", { method: "POST", body: account }));
    expect((await call("/api/register", { method: "POST", body: account, host: "retail.localhost" })).status).toBe(201);
    expect((await call("/api/user/details", { method: "GET", token: food.token, host: "retail.localhost" })).status).toBe(401);
    expect((await call("/api/register", { method: "POST", body: { ...account, phone: "+15550001" } })).status).toBe(409);
  });

  it("answers 401 to a forged, malformed or missing token on any call, and 400 to bad bodies", async () => {
    for (const authorization of ["Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "Bearer", "Basic abc", "Bearer a b"]) {
      for (const path of ["/api/user/details", "/api/get-cart", "/api/get-products"]) {
        const response = await request("food.localhost", path, { headers: { Authorization: authorization } });
        expect(response.status, `${authorization} ${path}`).toBe(401);
        expect(await json(response)).toMatchObject({ code: "unauthenticated" });
      }
    }
    expect((await call("/api/user/details", { method: "GET" })).status).toBe(401);
    for (const body of [{}, { email: "a@b.co" }, { email: "a@b.co", phone: "123456", password: "x" }, { email: "nope", password: "x" }]) {
      expect((await call("/api/login", { method: "POST", body })).status, JSON.stringify(body)).toBe(400);
    }
    const short = await call("/api/register", { method: "POST", body: { ...newAccount(), password: "short" } });
    expect(short.status).toBe(400);
    expect((await json<{ message: string }>(short)).message).toContain("at least 8 characters");
  });

  it("refuses password guessing past 10 failures per account with 429 and Retry-After, counted not timed", async () => {
    const account = newAccount();
    expect((await call("/api/register", { method: "POST", body: account })).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      expect((await call("/api/login", { method: "POST", body: { email: account.email, password: `guess ${i}` } })).status).toBe(422);
    }
    const throttled = await call("/api/login", { method: "POST", body: { email: account.email, password: account.password } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toBe("900");
    expect(await json(throttled)).toMatchObject({ code: "too_many_requests", message: "Too many requests. Please try again later." });
  });

  it("brings the guest's cart into the account on sign-in: quantities add, capped at 99", async () => {
    const account = newAccount();
    const { token } = await json<SignedIn>(await call("/api/register", { method: "POST", body: account }));
    expect((await call("/api/cart/add", { method: "POST", token, body: { product_id: 1, quantity: 60 } })).status).toBe(201);
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 50 })).status).toBe(201);
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 2, quantity: 2 })).status).toBe(201);
    const signedIn = await call("/api/login", { method: "POST", guest, body: { email: account.email, password: account.password } });
    expect(signedIn.status).toBe(200);
    const cart = await json<{ cartItems: { product_id: number; quantity: number }[] }>(
      await call("/api/get-cart", { method: "GET", token: (await json<SignedIn>(signedIn)).token }),
    );
    expect(cart.cartItems.map((i) => [i.product_id, i.quantity])).toEqual([
      [1, 99],
      [2, 2],
    ]);
    // The guest's cart is gone, not copied.
    expect((await json<{ cartItems: unknown[] }>(await guestCall("GET", "/api/get-cart", guest))).cartItems).toEqual([]);
  });

  it("brings the guest's pickup along to an account without a cart there, and keeps an account's own choice", async () => {
    const account = newAccount();
    expect((await call("/api/register", { method: "POST", body: account })).status).toBe(201);
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add", guest, { product_id: 1, quantity: 1 })).status).toBe(201);
    expect((await guestCall("PUT", "/api/cart/fulfillment", guest, { fulfillment: "pickup" })).status).toBe(200);
    const signedIn = await call("/api/login", { method: "POST", guest, body: { email: account.email, password: account.password } });
    const customer = (await json<SignedIn>(signedIn)).token;
    const cartOf = async (who: string) =>
      json<{ cartDetails: { fulfillment: string } }>(await call("/api/get-cart", { method: "GET", token: who }));
    expect((await cartOf(customer)).cartDetails.fulfillment).toBe("pickup");

    // An account with a cart of its own keeps its choice: the guest's lines join it.
    expect((await call("/api/cart/fulfillment", { method: "PUT", token: customer, body: { fulfillment: "delivery" } })).status).toBe(200);
    const second = newGuest();
    expect((await guestCall("POST", "/api/cart/add", second, { product_id: 2, quantity: 1 })).status).toBe(201);
    expect((await guestCall("PUT", "/api/cart/fulfillment", second, { fulfillment: "pickup" })).status).toBe(200);
    const again = await call("/api/login", { method: "POST", guest: second, body: { email: account.email, password: account.password } });
    expect((await cartOf((await json<SignedIn>(again)).token)).cartDetails.fulfillment).toBe("delivery");
  });
});
