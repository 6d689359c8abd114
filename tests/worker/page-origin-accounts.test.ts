import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SIGN_IN_REFUSED } from "../../worker/api/account";
import type { OriginContext } from "../../worker/api/origin-context";
import { pageOrigin } from "../../worker/origin/page-origin";
import type { Shopper } from "../../worker/shopper/shopper";
import { resolveTenant } from "../../worker/tenancy/resolve-tenant";
import { call, newAccount, register, type SignedIn } from "./accounts-helpers";
import { inEnglish } from "./english";
import { guestCall, json, newGuest } from "./request";

const PANEER = 1;

let clients = 0;

/**
 * The context a page's load context makes for a shopper of the food store at its first branch, from a client of its
 * own (per-client guessing limits count each apart), with the badge's count the page is told.
 */
async function pageContext(shopper: Shopper) {
  const ctx = createExecutionContext();
  const tenant = await resolveTenant(env, "food.localhost", (promise) => ctx.waitUntil(promise));
  if (!tenant) throw new Error("the food store is not served");
  const told: number[] = [];
  const o: OriginContext = {
    env,
    ctx,
    tenant,
    branchId: 1,
    shopperFor: () => shopper,
    client: `page-accounts-${++clients}`,
    site: { host: "food.localhost", origin: "http://food.localhost" },
    tellCartCount: (count) => told.push(count),
    language: "en",
  };
  return { o, page: pageOrigin(o), told };
}

const customer = (signedIn: SignedIn): Shopper => ({ kind: "customer", customerId: signedIn.user.id, token: signedIn.token });

/** A refusal of /api as a page's attempt carries it. */
async function refusalOverHttp(response: Response) {
  return { ok: false, status: response.status, ...(await json(response)) };
}

// Decision 066: a page's sign-in and profile operations are the functions /api runs, so for the same store, branch and
// shopper they answer the same, and a refusal keeps the API's status, code and message.
describe("the page's account operations", () => {
  it("read the customer's details as /api/user/details does", async () => {
    const { signedIn } = await register();
    const { o, page } = await pageContext(customer(signedIn));
    const overHttp = await call("/api/user/details?branch_id=1", { method: "GET", token: signedIn.token });
    expect(overHttp.status).toBe(200);
    expect(await page.userDetails()).toEqual(await json(overHttp));
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("sign a guest in with the guest's cart merged, and tell the page the badge's count from the same batch", async () => {
    const { account } = await register();
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add?branch_id=1", guest, { product_id: PANEER, quantity: 3 })).status).toBe(201);
    const { o, page, told } = await pageContext({ kind: "guest", guestId: guest });
    const answer = await page.login({ email: account.email, password: account.password });
    const overHttp = await json<SignedIn>(
      await call("/api/login?branch_id=1", { body: { email: account.email, password: account.password } }),
    );
    expect(answer.user).toEqual(overHttp.user);
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(told).toEqual([3]);
    const cart = await json<{ cartDetails: { item_count: number } }>(
      await call("/api/get-cart?branch_id=1", { method: "GET", token: answer.token }),
    );
    expect(cart.cartDetails.item_count).toBe(3);
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("change the profile as /api does, and read it changed afterwards in the same request", async () => {
    const { signedIn } = await register();
    const { o, page } = await pageContext(customer(signedIn));
    expect((await page.userDetails()).name).toBe(signedIn.user.name);
    const changed = await page.updateDetails({ name: "Meera Iyer", email: signedIn.user.email, phone: signedIn.user.phone });
    expect(changed.name).toBe("Meera Iyer");
    // The change forgot the request's earlier read.
    expect(await page.userDetails()).toEqual(changed);
    expect(changed).toEqual(await json(await call("/api/user/details", { method: "GET", token: signedIn.token })));
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("register a new account that /api then signs in", async () => {
    const account = newAccount();
    const { o, page } = await pageContext({ kind: "guest", guestId: newGuest() });
    const answer = await page.register(account);
    const overHttp = await call("/api/login", { body: { email: account.email, password: account.password } });
    expect(overHttp.status).toBe(200);
    expect(answer.user).toEqual((await json<SignedIn>(overHttp)).user);
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("answer sending a sign-in code as /api/send-login-otp does", async () => {
    const { account } = await register();
    const { page } = await pageContext({ kind: "guest", guestId: null });
    const overHttp = await call("/api/send-login-otp", { body: { phone: account.phone } });
    expect(overHttp.status).toBe(200);
    expect(await page.sendLoginOtp({ email: account.email })).toEqual(await json(overHttp));
  });
});

describe("a refused account operation, as a form's attempt answers it", () => {
  it("is the API's 422 for a wrong password", async () => {
    const { account } = await register();
    const { page } = await pageContext({ kind: "guest", guestId: null });
    const wrong = { email: account.email, password: "not the password" };
    const attempt = await page.attempt.login(wrong);
    expect(attempt).toEqual({ ok: false, status: 422, code: "invalid_credentials", message: inEnglish(SIGN_IN_REFUSED) });
    expect(attempt).toEqual(await refusalOverHttp(await call("/api/login", { body: wrong })));
  });

  it("is the API's 409 for an email already in use", async () => {
    const { account } = await register();
    const again = { ...newAccount(), email: account.email };
    const { page } = await pageContext({ kind: "guest", guestId: null });
    const attempt = await page.attempt.register(again);
    expect(attempt).toMatchObject({ ok: false, status: 409, code: "account_exists" });
    expect(attempt).toEqual(await refusalOverHttp(await call("/api/register", { body: again })));
  });

  it("is the API's 400 naming each field for input its schema refuses", async () => {
    const { signedIn } = await register();
    const { page } = await pageContext(customer(signedIn));
    const short = { current_password: "whatever it was", password: "short" };
    const attempt = await page.attempt.changePassword(short);
    expect(attempt).toMatchObject({ ok: false, status: 400, code: "invalid_input", issues: [{ path: "password" }] });
    expect(attempt).toEqual(await refusalOverHttp(await call("/api/user/change-password", { body: short, token: signedIn.token })));
  });

  it("is the API's 401 for a guest asking for a customer's details", async () => {
    const { page } = await pageContext({ kind: "guest", guestId: null });
    const attempt = await page.attempt.userDetails();
    expect(attempt).toMatchObject({ ok: false, status: 401, code: "unauthenticated" });
    expect(attempt).toEqual(await refusalOverHttp(await call("/api/user/details", { method: "GET" })));
    await expect(page.userDetails()).rejects.toSatisfy((thrown) => thrown instanceof Response && thrown.status === 401);
  });
});
