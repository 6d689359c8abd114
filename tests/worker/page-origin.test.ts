import { waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { message } from "../../commerce/i18n/message";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { OriginContext } from "../../worker/api/origin-context";
import { SessionEndedError } from "../../worker/db/session-gate";
import { ApiError, pageFailure } from "../../worker/http/errors";
import { readsOfOneRequest } from "../../worker/origin/operations/read-once";
import { pageOrigin } from "../../worker/origin/page-origin";
import { foodPageContext } from "./page-context";
import { guestCall, newGuest } from "./request";

const PANEER = 1;

const pageContext = (guestId: string | null) => foodPageContext({ kind: "guest", guestId });

/** What the HTTP transport answers for the same call, parsed. */
async function overHttp(path: string, guest: string | null): Promise<unknown> {
  const response = await guestCall("GET", `${path}${path.includes("?") ? "&" : "?"}branch_id=1`, guest);
  expect(response.status).toBe(200);
  return response.json();
}

// Decision 066: a page calls these operations as functions; what it gets must be what /api answers for the same
// store, branch and shopper, so the two transports cannot drift apart.
describe("the page's operations", () => {
  it("answer what /api answers: the cart, its recommendations, the store's data and its pages", async () => {
    const guest = newGuest();
    expect((await guestCall("POST", "/api/cart/add?branch_id=1", guest, { product_id: PANEER, quantity: 2 })).status).toBe(201);
    const o = await pageContext(guest);
    const page = pageOrigin(o);
    const cart = await page.cart();
    expect(cart.cartItems.map((item) => [item.product_id, item.quantity])).toEqual([[PANEER, 2]]);
    expect(cart).toEqual(await overHttp("/api/get-cart", guest));
    expect(await page.recommended()).toEqual(await overHttp("/api/get-cart-recommended-products", guest));
    expect(await page.storeData()).toEqual(await overHttp("/api/get-data", guest));
    expect(await page.pages()).toEqual(await overHttp("/api/get-pages", guest));
    await waitOnExecutionContext(o.ctx as ExecutionContext);
  });

  it("give a guest without an id the spec's empty cart, reading and writing nothing", async () => {
    const page = pageOrigin(await pageContext(null));
    const cart = await page.cart();
    expect(cart.cartItems).toEqual([]);
    expect(cart).toEqual(await overHttp("/api/get-cart", null));
  });

  it("hand a kept answer over as the frozen value itself, so no page can change it for the next", async () => {
    const data = await pageOrigin(await pageContext(null)).storeData();
    expect(Object.isFrozen(data)).toBe(true);
    expect(Object.isFrozen(data.layout)).toBe(true);
  });
});

describe("a failed operation, as a page's loader throws it", () => {
  it.each([
    ["an unknown record", new ApiError(404, "not_found", message("errors.no_such_page")), 404, "There is no such page in this store."],
    ["a refusal", new ApiError(422, "invalid_input", null, [{ path: "q", message: "too long" }]), 422, "q: too long"],
    ["an ended session (decision 056)", new SessionEndedError(), 401, "Your session has ended. Please sign in again."],
    ["a failure of the store's own", new Error("D1_ERROR: no such table"), 502, "Something went wrong. Please try again."],
  ])("%s", async (_, error, status, message) => {
    const failure = pageFailure(error, "get-page", "en");
    expect(failure.status).toBe(status);
    await expect(failure.text()).resolves.toBe(message);
  });

  it("keeps a refusal's Retry-After", () => {
    const failure = pageFailure(
      new ApiError(429, "too_many_requests", message(TOO_MANY_REQUESTS), undefined, { "Retry-After": "30" }),
      "cart/add",
      "en",
    );
    expect(failure.headers.get("Retry-After")).toBe("30");
  });
});

describe("a failed operation, as a form's attempt answers it", () => {
  it("is a value with the API's status, code, message and wait", async () => {
    const o = await pageContext(null);
    const throttled = new ApiError(429, "too_many_requests", message(TOO_MANY_REQUESTS), undefined, { "Retry-After": "30" });
    const page = pageOrigin({
      ...o,
      shopperFor: () => {
        throw throttled;
      },
    });
    await expect(page.attempt.cart()).resolves.toEqual({
      ok: false,
      status: 429,
      code: "too_many_requests",
      message: "Too many requests. Please try again later.",
      retryAfter: "30",
    });
    await expect(page.cart()).rejects.toSatisfy((thrown) => thrown instanceof Response && thrown.status === 429);
  });

  it("is the error page's 502 for a failure of the store's own, never a form message", async () => {
    const o = await pageContext(null);
    const broken = {
      ...o,
      shopperFor: () => {
        throw new Error("D1_ERROR: no such table");
      },
    };
    await expect(pageOrigin(broken).attempt.cart()).rejects.toSatisfy((thrown) => thrown instanceof Response && thrown.status === 502);
  });

  it("answers a success as a value", async () => {
    const attempt = await pageOrigin(await pageContext(null)).attempt.cart();
    expect(attempt.ok && attempt.value.cartItems).toEqual([]);
  });
});

describe("a request's reads", () => {
  const guest = (guestId: string | null) => ({ shopperFor: () => ({ kind: "guest" as const, guestId }) }) as unknown as OriginContext;

  it("run once for the same operation, input and shopper, and again for another input or shopper", async () => {
    let shopper: string | null = "a";
    const reads = readsOfOneRequest({ shopperFor: () => ({ kind: "guest", guestId: shopper }) } as unknown as OriginContext);
    let runs = 0;
    const run = async () => ++runs;
    expect(await reads.read("get-product", ["x"], run)).toBe(1);
    expect(await reads.read("get-product", ["x"], run)).toBe(1);
    expect(await reads.read("get-product", ["y"], run)).toBe(2);
    shopper = "b";
    expect(await reads.read("get-product", ["x"], run)).toBe(3);
  });

  it("are forgotten after a change, and a failed read is tried again", async () => {
    const reads = readsOfOneRequest(guest("a"));
    let runs = 0;
    const run = async () => ++runs;
    expect(await reads.read("get-cart", [], run)).toBe(1);
    expect(await reads.change(async () => "changed")).toBe("changed");
    expect(await reads.read("get-cart", [], run)).toBe(2);
    await expect(reads.read("get-page", [], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await reads.read("get-page", [], run)).toBe(3);
  });
});
