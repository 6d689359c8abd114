import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiOk, FOOD, storeApi } from "./api-steps";
import { expectAccessible } from "./axe";
import { getOnLoopback, ready, storeUrl, useBrowser, type Variant, waitForHydration } from "./helpers";

/**
 * The right-to-left demo store (stores/souq.json, decision 076) against the served app: the page runs from the right,
 * its drawers and dialog open from that side, its carousel moves toward the reading direction and its directional
 * graphics are mirrored; and the left-to-right food store is laid out as before.
 */

const SOUQ = "souq.localhost";
const DESKTOP: Variant = { name: "JS on, 1280px", js: true, width: 1280 };
const PHONE: Variant = { name: "JS on, 390px", js: true, width: 390 };
const NO_JS: Variant = { name: "JS off, 1280px", js: false, width: 1280 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

const centre = (b: Box) => b.x + b.width / 2;

/** A product's id, which its reviews page is addressed by. */
async function productId(host: string, slug: string): Promise<number> {
  const answer = await getOnLoopback(host, `/api/get-product?slug=${slug}`);
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { id: number }).id;
}

/** The element's computed transform: "none", or the matrix a mirror makes. */
const transformOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).transform);

describe.each([DESKTOP, PHONE, NO_JS])("a right-to-left store ($name)", (variant) => {
  const { open } = useBrowser();

  async function page(host: string, path: string): Promise<Page> {
    const { page, response } = await open(storeUrl(host, path), variant);
    expect(response.status(), `${host}${path}`).toBe(200);
    await ready(page, variant);
    return page;
  }

  it("says so on <html>, and the food store does not", async () => {
    const souq = await page(SOUQ, "/");
    await expect(souq.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expect(souq.locator("html").getAttribute("lang")).resolves.toBe("ar");
    await expect(souq.evaluate(() => getComputedStyle(document.body).direction)).resolves.toBe("rtl");
    const food = await page(FOOD, "/");
    await expect(food.locator("html").getAttribute("dir")).resolves.toBe("ltr");
  });

  it("runs the nav from the right: the store's name at the right, the cart at the left", async () => {
    for (const [host, rtl] of [
      [SOUQ, true],
      [FOOD, false],
    ] as const) {
      const nav = (await page(host, "/")).getByTestId("top-nav");
      const name = await box(nav.getByTestId("store-name"));
      // By its address: the Arabic store's nav names it in Arabic (decision 077).
      const cart = await box(nav.locator('a[href="/cart"]'));
      expect(centre(name) > centre(cart), host).toBe(rtl);
    }
  });

  it("lays the banner carousel out in the reading direction", async () => {
    const home = await page(SOUQ, "/");
    if (!variant.js) {
      // Without JavaScript, a scroll-snap strip: its second banner waits to the left of the first.
      const banners = home.getByTestId("banner-strip").locator(":scope > div");
      expect((await box(banners.nth(1))).x).toBeLessThan((await box(banners.nth(0))).x);
      return;
    }
    await waitForHydration(home);
    const swiper = home.getByTestId("banner-swiper");
    await expect(swiper.evaluate((el) => el.classList.contains("swiper-rtl"))).resolves.toBe(true);
    const slide = (n: number) => swiper.locator(`.swiper-slide[data-swiper-slide-index="${n}"]`);
    const frame = await box(swiper);
    expect(centre(await box(slide(1)))).toBeLessThan(frame.x);
    // The arrow that points along the reading direction brings the next banner: ← in Arabic.
    await swiper.focus().catch(() => undefined);
    await swiper.hover();
    await home.keyboard.press("ArrowLeft");
    await expect.poll(async () => Math.round((await box(slide(1))).x - frame.x), { timeout: 5_000 }).toBe(0);
    // And the second bullet, from the right, names the second banner.
    const bullets = swiper.locator(".swiper-pagination-bullet");
    expect((await box(bullets.nth(1))).x).toBeLessThan((await box(bullets.nth(0))).x);
  });

  it("mirrors the review bars, which fill from the start, and only in the right-to-left store", async () => {
    const bar = (p: Page) => p.getByTestId("rating-summary").locator("dd svg").first();
    const souq = await page(SOUQ, `/product/reviews/${await productId(SOUQ, "cotton-t-shirt")}`);
    await expect(transformOf(bar(souq))).resolves.toBe("matrix(-1, 0, 0, 1, 0, 0)");
    const filled = await box(bar(souq).locator("rect"));
    const track = await box(bar(souq));
    expect(Math.round(filled.x + filled.width)).toBe(Math.round(track.x + track.width));
    const food = await page(FOOD, "/product/reviews/26");
    await expect(transformOf(bar(food))).resolves.toBe("none");
  });

  it.runIf(variant.js)("opens the location drawer from the right, where the food store's opens from the left", async () => {
    for (const [host, rtl] of [
      [SOUQ, true],
      [FOOD, false],
    ] as const) {
      const home = await page(host, "/");
      await home.getByTestId("change-location").click();
      const panel = await box(home.getByTestId("location-drawer"));
      const width = home.viewportSize()!.width;
      if (rtl) expect(Math.round(panel.x + panel.width), host).toBe(width);
      else expect(Math.round(panel.x), host).toBe(0);
      if (variant.width > 768) expect(panel.width, host).toBeLessThan(width / 2);
    }
  });

  it.runIf(variant.js && variant.width > 768)(
    "puts the dialog's close button at its left, where the food store's is at its right",
    async () => {
      for (const [host, rtl] of [
        [SOUQ, true],
        [FOOD, false],
      ] as const) {
        const dialogPage = await page(host, host === SOUQ ? "/category/clothing" : "/category/pizzas");
        const dialog = await box(dialogPage.getByTestId("route-dialog"));
        const close = await box(dialogPage.getByTestId("dialog-close"));
        expect(centre(close) < centre(dialog), host).toBe(rtl);
      }
    },
  );

  describe("axe", () => {
    async function guestCart(): Promise<string> {
      const guestId = crypto.randomUUID().replaceAll("-", "");
      await apiOk(storeApi("POST", "/api/cart/add", { Host: SOUQ, "guest-id": guestId }, { product_id: 5, quantity: 1 }), 201);
      return guestId;
    }

    for (const path of ["/", "/category/clothing", "/product/cotton-t-shirt", "/cart"]) {
      it(`finds nothing on ${path}`, async () => {
        let opened: Page;
        if (path === "/cart") {
          const { page: first } = await open(storeUrl(SOUQ, "/robots.txt"), variant);
          await first.context().addCookies([
            { name: "guest_id", value: await guestCart(), url: storeUrl(SOUQ, "/") },
            { name: "cart_count", value: "1", url: storeUrl(SOUQ, "/") },
          ]);
          await first.goto(storeUrl(SOUQ, path), { waitUntil: "load" });
          await ready(first, variant);
          await first.getByTestId("cart-line").first().waitFor();
          opened = first;
        } else opened = await page(SOUQ, path);
        await expectAccessible(opened, variant, `${SOUQ}${path} (${variant.name})`);
      });
    }
  });
});
