import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../worker/cache/bounded-cache";

describe("BoundedCache", () => {
  const entry = (text: string) => ({ text });
  const size = (e: { text: string }) => e.text.length;

  it("forgets the least recently used entry beyond its entry count", () => {
    const cache = new BoundedCache(3, 1_000, size);
    for (const key of ["a", "b", "c"]) cache.set(key, entry(key));
    cache.get("a");
    cache.set("d", entry("d"));
    expect(cache.count).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    for (const key of ["a", "c", "d"]) expect(cache.get(key)?.text).toBe(key);
  });

  it("forgets entries beyond its budget of text, and does not keep one too big for it", () => {
    const cache = new BoundedCache(100, 100, size);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, entry("x".repeat(20)));
    expect(cache.count).toBe(5);
    expect(cache.get("k4")).toBeUndefined();
    expect(cache.get("k9")).toBeDefined();
    cache.set("big", entry("x".repeat(30)));
    expect(cache.get("big")).toBeUndefined();
    // Replacing a key counts its text once.
    for (let i = 0; i < 3; i++) cache.set("k9", entry("y".repeat(20)));
    expect(cache.count).toBe(5);
  });
});
