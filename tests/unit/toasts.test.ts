import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_TOAST_MS, dismissToast, MAX_TOASTS, visibleToasts as read, showToast, TOAST_MS } from "../../app/state/toasts";

describe("toasts (spec section 9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of read()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it("shows at most 3, the newest pushing out the oldest", () => {
    for (const n of [1, 2, 3, 4]) showToast(`message ${n}`);
    expect(MAX_TOASTS).toBe(3);
    expect(read().map((t) => t.message)).toEqual(["message 2", "message 3", "message 4"]);
  });

  it("hides each after 5000 ms, cart notifications after 2000 ms", () => {
    showToast("general");
    showToast("cart", { ms: CART_TOAST_MS });
    vi.advanceTimersByTime(CART_TOAST_MS);
    expect(read().map((t) => t.message)).toEqual(["general"]);
    vi.advanceTimersByTime(TOAST_MS - CART_TOAST_MS);
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
