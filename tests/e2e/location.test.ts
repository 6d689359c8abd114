import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { FOOD, follow, goTo } from "./shopper-steps";

/**
 * Change Location in Chromium, with and without JavaScript: a visitor far from every branch sees the unserviceable
 * screen, looks up a place near the Koramangala branch and chooses it (in the drawer, or on the /location page), and is
 * served by that branch. With JavaScript the drawer remembers the last five places chosen from.
 */

const KORAMANGALA = "Spice Route Kitchen - Koramangala";
/** Mysuru: no food branch delivers there. */
const FAR_AWAY = "12.308,76.655";

/** A first answer gives the page the store's host; then the visitor is placed (DEV_TOOLS=1's dev_position cookie). */
async function openFarAway(open: ReturnType<typeof useBrowser>["open"], variant: Variant) {
  const opened = await open(storeUrl(FOOD, "/robots.txt"), variant);
  await opened.page.context().addCookies([{ name: "dev_position", value: FAR_AWAY, url: storeUrl(FOOD, "/") }]);
  await goTo(opened.page, variant, "/");
  return opened;
}

/** The drawer's dialog (its panel is what shows: wait for that to see it open). */
function drawer(page: Page) {
  return page.getByRole("dialog", { name: "Change location" });
}

/** In the open drawer: searches a place, picks the first result, and waits for whether it is delivered to. */
async function lookUp(page: Page, text: string) {
  await drawer(page).getByLabel("Area, street or pincode").fill(text);
  await drawer(page).getByRole("button", { name: "Search" }).click();
  await drawer(page).getByTestId("places-found").getByRole("button").first().click();
  await drawer(page).getByTestId("place-verdict").waitFor();
}

/** Where a visitor stands, the branch that serves them there, and whether its menu has Mutton Biryani (not at Jayanagar). */
const NEAR_EACH_BRANCH = [
  ["12.9719,77.6412", "Spice Route Kitchen - Indiranagar", true],
  ["12.9352,77.6245", KORAMANGALA, true],
  ["12.925,77.5838", "Spice Route Kitchen - Jayanagar", false],
] as const;

describe.each(VARIANTS)("change location ($name)", (variant) => {
  const { open } = useBrowser();

  it("a visitor is served by the branch nearest where they stand, with that branch's menu, and nothing is stored", async () => {
    const { page, tolerateProblem } = await open(storeUrl(FOOD, "/robots.txt"), variant);
    tolerateProblem(
      /^requestfailed: GET \S+\/(demo\/food|assets)\/\S+ net::ERR_ABORTED$/,
      "the visitor moves on while the home's lazy pictures and after-hydration chunks load",
    );
    for (const [position, branch, sellsMuttonBiryani] of NEAR_EACH_BRANCH) {
      await page.context().addCookies([{ name: "dev_position", value: position, url: storeUrl(FOOD, "/") }]);
      await goTo(page, variant, "/");
      await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe(branch);
      const biryani = page.getByTestId("home").getByTestId("product-card").filter({ hasText: "Mutton Biryani" });
      await expect(biryani.count().then((n) => n > 0)).resolves.toBe(sellsMuttonBiryani);
    }
    // Served by where they stand, not by a choice: no branch cookie until the shopper chooses one.
    const cookies = await page.context().cookies(storeUrl(FOOD, "/"));
    expect(cookies.map((c) => c.name)).not.toContain("branch_id");
  });

  it("a visitor far away sees the unserviceable screen, finds a place near a branch, chooses it and is served from it", async () => {
    const { page } = await openFarAway(open, variant);
    const unserviceable = page.getByTestId("unserviceable");
    await unserviceable.getByText("Sorry! We don't deliver here").waitFor();
    await unserviceable.getByText("We are currently unavailable in your location. Please visit after a while.").waitFor();
    await screenshot(page, `unserviceable-${variant.js ? "js" : "nojs"}-${variant.width}`);
    const change = unserviceable.getByRole("link", { name: "Change Location" });

    if (variant.js) {
      await change.click();
      await drawer(page).getByTestId("location-drawer").waitFor();
      // Escape closes it, and focus goes back to the button that opened it.
      await page.keyboard.press("Escape");
      await drawer(page).waitFor({ state: "detached" });
      await expect.poll(() => change.evaluate((el) => el === document.activeElement)).toBe(true);

      await change.click();
      await lookUp(page, "Koramangala");
      const verdict = drawer(page).getByTestId("place-verdict");
      await verdict.getByText(`Delivered from ${KORAMANGALA}`).waitFor();
      // Far from home, the place gives each branch its distance.
      await drawer(page)
        .getByTestId("branch-choice")
        .filter({ hasText: KORAMANGALA })
        .getByText(/km away/)
        .waitFor();
      await screenshot(page, `location-drawer-${variant.width}`);
      await verdict.getByRole("button", { name: new RegExp(`^Deliver from here \\(${KORAMANGALA} to Koramangala`) }).click();
      await drawer(page).waitFor({ state: "detached" });
      // The unserviceable screen that opened it is gone: focus is on the nav's Change Location.
      await expect.poll(() => page.getByTestId("change-location").evaluate((el) => el === document.activeElement)).toBe(true);
    } else {
      await follow(page, variant, change, "/location");
      await page.getByLabel("Area, street or pincode").fill("Koramangala");
      // The location page's button: the nav has a Search button of its own.
      await follow(page, variant, page.getByTestId("location-page").getByRole("button", { name: "Search" }), "/location?q=Koramangala");
      const verdict = page.getByTestId("place-verdict").filter({ hasText: "Koramangala" });
      await verdict.getByText(`Delivered from ${KORAMANGALA}`).waitFor();
      await screenshot(page, `location-page-${variant.width}`);
      await follow(page, variant, verdict.getByRole("button", { name: /^Deliver from here/ }), "/");
    }

    await page.getByTestId("home").waitFor();
    await expect(page.getByTestId("unserviceable").count()).resolves.toBe(0);
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe(KORAMANGALA);
  });

  it("a place nobody delivers to says so, and a branch can be chosen from the list instead", async () => {
    const { page } = await openFarAway(open, variant);
    if (variant.js) {
      await page.getByTestId("change-location").click();
      await lookUp(page, "Mysuru");
      await drawer(page).getByTestId("place-verdict").getByText("Sorry! We don't deliver here").waitFor();
      await drawer(page)
        .getByRole("button", { name: `Choose ${KORAMANGALA}` })
        .click();
      await drawer(page).waitFor({ state: "detached" });
    } else {
      await follow(page, variant, page.getByTestId("change-location"), "/location");
      await page.getByLabel("Area, street or pincode").fill("Mysuru");
      await follow(page, variant, page.getByTestId("location-page").getByRole("button", { name: "Search" }), "/location?q=Mysuru");
      await page.getByTestId("place-verdict").getByText("Sorry! We don't deliver here").waitFor();
      await follow(page, variant, page.getByRole("button", { name: `Choose ${KORAMANGALA}` }), "/");
    }
    await page.getByTestId("home").waitFor();
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe(KORAMANGALA);
  });

  it.runIf(variant.js)("'Use my current location' asks for the branch serving where the device is, and remembers the place", async () => {
    const { page } = await openFarAway(open, variant);
    // The device stands in HSR Layout, which only the Koramangala branch's area covers.
    await page.context().grantPermissions(["geolocation"], { origin: new URL(storeUrl(FOOD, "/")).origin });
    await page.context().setGeolocation({ latitude: 12.9116, longitude: 77.6474 });
    await page.getByTestId("unserviceable-change-location").click();
    await drawer(page).getByRole("button", { name: "Use my current location" }).click();
    const verdict = drawer(page).getByTestId("place-verdict");
    await verdict.getByText(/^HSR Layout, Bengaluru/).waitFor();
    await verdict.getByText(`Delivered from ${KORAMANGALA}`).waitFor();
    await verdict.getByRole("button", { name: /^Deliver from here/ }).click();
    await drawer(page).waitFor({ state: "detached" });
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe(KORAMANGALA);
    await page.getByTestId("change-location").click();
    await drawer(page)
      .getByTestId("recent-places")
      .getByRole("button", { name: /^HSR Layout, / })
      .waitFor();
  });

  it.runIf(variant.js)("recent places list the last five places chosen from, newest first", async () => {
    const { page } = await open(storeUrl(FOOD, "/"), variant);
    await ready(page, variant);
    const places = ["Indiranagar", "Koramangala", "Jayanagar", "Domlur", "Halasuru", "MG Road"];
    for (const place of places) {
      await page.getByTestId("change-location").click();
      await lookUp(page, place);
      await drawer(page)
        .getByTestId("place-verdict")
        .getByRole("button", { name: /^Deliver from here/ })
        .click();
      await drawer(page).waitFor({ state: "detached" });
    }
    await page.getByTestId("change-location").click();
    const recent = drawer(page).getByTestId("recent-places").getByRole("button");
    await expect
      .poll(() => recent.allInnerTexts())
      .toEqual(
        ["MG Road", "Halasuru", "Domlur", "Jayanagar", "Koramangala"].map((area) => expect.stringMatching(new RegExp(`^${area}, `))),
      );
    // A recent place is asked about again, and choosing from it keeps the list as it is.
    await recent.filter({ hasText: /^Jayanagar, / }).click();
    await drawer(page)
      .getByTestId("place-verdict")
      .getByText(/^Delivered from /)
      .waitFor();
    await screenshot(page, `location-recent-${variant.width}`);
  });
});
