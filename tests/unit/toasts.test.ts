import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_TOAST_MS, dismissToast, visibleToasts as read, showToast } from "../../app/state/toasts";

describe("toasts (spec section 9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of read()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it("shows at most 3, the newest pushing out the oldest", () => {
    for (const n of [1, 2, 3, 4]) showToast(`message ${n}`);
    expect(read().map((t) => t.message)).toEqual(["message 2", "message 3", "message 4"]);
  });

  // The spec's numbers, not the module's constants: the test fails if a constant drifts from the spec.
  // (tests/e2e/toast-timing.test.ts measures the same in the browser, from the cart's and the wishlist's own toasts.)
  it("hides each after 5000 ms, cart notifications after 2000 ms", () => {
    showToast("general");
    showToast("cart", { ms: CART_TOAST_MS });
    vi.advanceTimersByTime(1999);
    expect(read().map((t) => t.message)).toEqual(["general", "cart"]);
    vi.advanceTimersByTime(1);
    expect(read().map((t) => t.message)).toEqual(["general"]);
    vi.advanceTimersByTime(2999);
    expect(read().map((t) => t.message)).toEqual(["general"]);
    vi.advanceTimersByTime(1);
    expect(read()).toEqual([]);
  });

  it("can be dismissed early and marks errors", () => {
    showToast("Too many requests. Please try again later.", { kind: "error" });
    const [toast] = read();
    expect(toast?.kind).toBe("error");
    dismissToast(toast?.id ?? 0);
    expect(read()).toEqual([]);
  });
});
