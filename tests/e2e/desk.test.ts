import { describe, expect, it } from "vitest";
import { translatorOf } from "../../commerce/i18n/translators";
import { holdCompiledCatalogues } from "../../scripts/i18n/compiled-catalogues";
import { expectAccessible } from "./axe";
import { DESK_STAFF, signInAtDesk } from "./desk-steps";
import { horizontalOverflow, storeUrl, useBrowser, VARIANTS, type Variant } from "./helpers";

holdCompiledCatalogues();

/**
 * The owner's desk as staff use it (decision 083): a desk page asked for sends to the sign-in form and back; the
 * pages work with JavaScript on and off, on a phone and at a desktop's width, pass axe, and say the store's language in
 * its direction. The orders board and stock have their own files.
 */

// biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; it registers this file's vitest hooks.
const { open } = useBrowser();

describe.each(VARIANTS)("the desk's sign-in, Today and catalogue pages ($name)", (variant) => {
  it("signs the owner in on the way to Today, shows the day, the catalogue's guide, and signs out", async () => {
    const member = DESK_STAFF.foodOwner;
    const t = translatorOf("en");
    const { page, response } = await open(storeUrl(member.host, "/admin/today"), variant);
    expect(response.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expectAccessible(page, variant, "desk sign-in");
    await signInAtDesk(page, member, "/admin/today");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(t("desk.nav_today"));
    await expect(
      page
        .getByRole("navigation", { name: t("desk.nav_label") })
        .getByRole("link", { name: t("desk.nav_stock") })
        .count(),
    ).resolves.toBe(1);
    await expectAccessible(page, variant, "desk today");
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole("link", { name: t("desk.nav_catalogue") }).click();
    await page.waitForURL(storeUrl(member.host, "/admin/catalogue"));
    await expect(page.getByRole("heading", { name: t("desk.catalogue_products") }).count()).resolves.toBe(1);
    await expectAccessible(page, variant, "desk catalogue");
    expect(await horizontalOverflow(page)).toBe(0);

    await Promise.all([page.waitForURL(/\/admin\/login\?signed_out=1$/), page.getByRole("button", { name: t("desk.sign_out") }).click()]);
    await expect(page.getByRole("status").innerText()).resolves.toBe(t("desk.signed_out"));
    await page.goto(storeUrl(member.host, "/admin/catalogue"));
    expect(new URL(page.url()).pathname).toBe("/admin/login");
  });

  it("refuses a wrong password on the form, in words, keeping the email", async () => {
    const member = DESK_STAFF.foodOwner;
    const t = translatorOf("en");
    const { page, expectProblem } = await open(storeUrl(member.host, "/admin/login"), variant);
    // The refusal is the form again with its message, answered 422 as the storefront's refused forms are.
    expectProblem(/http 422: POST .*\/admin\/login/);
    expectProblem(/status of 422/);
    await page.getByLabel(t("desk.email")).fill(member.email);
    await page.getByLabel(t("desk.password")).fill("not the password");
    await page.getByRole("button", { name: t("desk.sign_in") }).click();
    await expect(page.getByRole("alert").innerText()).resolves.toBe(t("desk.sign_in_refused"));
    await expect(page.getByLabel(t("desk.email")).inputValue()).resolves.toBe(member.email);
  });
});

describe("the desk in the store's language", () => {
  it("speaks Arabic from right to left on the souq's desk, and shows an orders clerk no owner's sections", async () => {
    const variant: Variant = { name: "JS off, 390px", js: false, width: 390 };
    const souq = DESK_STAFF.souqOwner;
    const { page } = await open(storeUrl(souq.host, "/admin/today"), variant);
    await signInAtDesk(page, souq, "/admin/today");
    await expect(page.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(translatorOf("ar")("desk.nav_today"));
    await expectAccessible(page, variant, "desk today, Arabic");
    expect(await horizontalOverflow(page)).toBe(0);

    const kitchen = DESK_STAFF.foodKitchen;
    const t = translatorOf("en");
    const clerk = await open(storeUrl(kitchen.host, "/admin/today"), { name: "JS on, 1280px", js: true, width: 1280 });
    await signInAtDesk(clerk.page, kitchen, "/admin/today");
    const nav = clerk.page.getByRole("navigation", { name: t("desk.nav_label") });
    await expect(nav.getByRole("link", { name: t("desk.nav_orders") }).count()).resolves.toBe(1);
    await expect(nav.getByRole("link", { name: t("desk.nav_stock") }).count()).resolves.toBe(0);
  });
});
