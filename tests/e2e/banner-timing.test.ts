import { describe, expect, it } from "vitest";
import { FOOD } from "./api-steps";
import { storeUrl, useBrowser, VARIANTS, waitForHydration } from "./helpers";

/**
 * Records, in the page's clock, every moment the carousel's active slide changes, and the wrapper's transition
 * duration at that moment: what a shopper sees, not the component's props.
 */
function watchSlides() {
  const changes: { at: number; duration: string }[] = [];
  (window as unknown as { slideChanges: typeof changes }).slideChanges = changes;
  let active: Element | null = null;
  new MutationObserver(() => {
    const now = document.querySelector('[data-testid="banner-swiper"] .swiper-slide-active');
    if (now && now !== active) {
      active = now;
      const wrapper = document.querySelector<HTMLElement>('[data-testid="banner-swiper"] .swiper-wrapper');
      changes.push({ at: performance.now(), duration: wrapper ? getComputedStyle(wrapper).transitionDuration : "" });
    }
  }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["class"] });
}

// Spec section 9: "Banner autoplay 3500 ms, speed 250 ms, infinite, one slide." Measured in the browser.
describe.each(VARIANTS.filter((variant) => variant.js))("banner carousel timing ($name)", (variant) => {
  const { open } = useBrowser();

  it("moves one slide every 3500 ms after a 250 ms transition, and goes on past the last", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await waitForHydration(page);
    await page.evaluate(watchSlides);
    const slides = await page.locator('[data-testid="banner-swiper"] .swiper-slide').count();
    expect(slides).toBeGreaterThan(1);
    // Enough changes to pass the last slide: the loop goes on instead of stopping.
    const wanted = Math.min(slides + 1, 4);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { slideChanges: unknown[] }).slideChanges.length), {
        timeout: wanted * 4_500 + 5_000,
        interval: 250,
      })
      .toBeGreaterThanOrEqual(wanted);
    const changes = await page.evaluate(() => (window as unknown as { slideChanges: { at: number; duration: string }[] }).slideChanges);
    expect(changes.map((change) => change.duration)).toContain("0.25s");
    const gaps = changes.slice(1).map((change, i) => change.at - changes[i]!.at);
    // 3500 ms between slides. Swiper counts the delay from the change (a quiet machine measures 3478–3500 ms: the class
    // lands a frame early) or, when its timer fires during the 250 ms transition, from the transition's end (3750 ms
    // under load); either is the spec's 3500 ms autoplay. Each change is seen when the observer next runs, so a change
    // seen late makes the next gap look short by as much: one gap is held within a few frames of that, and the mean,
    // where those delays cancel but for the first and last, within one.
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(3_500 - 150);
      expect(gap).toBeLessThan(3_500 + 250 + 300);
    }
    const mean = (changes.at(-1)!.at - changes[0]!.at) / gaps.length;
    expect(mean).toBeGreaterThanOrEqual(3_500 - 50);
  }, 40_000);
});
