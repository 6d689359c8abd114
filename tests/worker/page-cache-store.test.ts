import { describe, expect, it } from "vitest";
import { cachedPage, cachedPageResponse, cacheRenderedPage } from "../../worker/page-cache/page-cache";

/**
 * The page cache's two copies (decision 035), below the Worker: what the isolate lets go of is read back from the
 * colo's Cache API as it was kept, and only a whole catalogue page is kept at all. (tests/worker/page-cache.test.ts
 * checks the cache through the Worker, as shoppers meet it.)
 */

const CATALOGUE = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache", Vary: "Cookie" };
const key = (path: string) => `food.localhost${path}|b1|c-|s1.l1.b1.p1|vtest`;

async function keep(path: string, response: Response, nonce = "N0", connectSources: string[] = []) {
  const pending: Promise<unknown>[] = [];
  const answer = await cacheRenderedPage(key(path), response, { nonce, connectSources }, (p) => pending.push(p));
  await Promise.all(pending);
  return answer;
}

describe("the page cache's copies", () => {
  it("reads a page the isolate has let go of back from the Cache API, with the new answer's nonce", async () => {
    const html = '<!DOCTYPE html><script nonce="N0">go()</script><p>N0</p>';
    const first = await keep("/kept-once", new Response(html, { headers: CATALOGUE }), "N0", ["https://probe.example"]);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(await first.text()).toBe(html);
    // The isolate keeps at most 300 pages: 300 later ones push the first out of it.
    for (let i = 0; i < 300; i++) await keep(`/filler-${i}`, new Response(`<p>${i}</p>`, { headers: CATALOGUE }), `F${i}x`);

    const kept = await cachedPage(key("/kept-once"));
    expect(kept).not.toBeNull();
    expect(kept!.connectSources).toEqual(["https://probe.example"]);
    const answer = cachedPageResponse(kept!, "N1");
    expect(await answer.text()).toBe('<!DOCTYPE html><script nonce="N1">go()</script><p>N1</p>');
    expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(answer.headers.get("Vary")).toBe("Cookie");
    expect(answer.headers.get("X-Page-Cache")).toBe("hit");
    expect(await cachedPage(key("/never-kept"))).toBeNull();
  });

  it.each([
    ["a 404", new Response("<p>gone</p>", { status: 404, headers: CATALOGUE })],
    ["a shopper's page", new Response("<p>yours</p>", { headers: { ...CATALOGUE, "Cache-Control": "private, no-store" } })],
    ["an answer that sets a cookie", new Response("<p>x</p>", { headers: { ...CATALOGUE, "Set-Cookie": "a=b" } })],
  ])("keeps nothing of %s", async (_name, response) => {
    const path = `/not-kept-${crypto.randomUUID()}`;
    const answer = await keep(path, response);
    expect(answer.headers.get("X-Page-Cache")).toBe("bypass");
    expect(await cachedPage(key(path))).toBeNull();
  });
});
