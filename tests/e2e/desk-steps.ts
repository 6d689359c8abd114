import type { Page } from "playwright-core";
import { expect } from "vitest";
import { translatorOf } from "../../commerce/i18n/translators";
import type { InterfaceLanguage } from "../../commerce/languages";
import { storeUrl } from "./helpers";

/** The demo stores' desk staff (stores/*.json `demo_staff`), with the language each store's desk speaks. */
export const DESK_STAFF = {
  foodOwner: { host: "food.localhost", email: "owner.demo@example.com", password: "spice-route-desk", name: "Meera Iyer", language: "en" },
  foodKitchen: {
    host: "food.localhost",
    email: "kitchen.demo@example.com",
    password: "spice-route-desk",
    name: "Ravi Kumar",
    language: "en",
  },
  retailOwner: {
    host: "retail.localhost",
    email: "owner.demo@example.com",
    password: "northwind-desk",
    name: "Klara Schmidt",
    language: "de",
  },
  souqOwner: { host: "souq.localhost", email: "owner.demo@example.com", password: "souq-desk", name: "سارة خالد", language: "ar" },
  newOwner: { host: "new.localhost", email: "owner.demo@example.com", password: "new-store-desk", name: "Alex Morgan", language: "en" },
} as const satisfies Record<string, { host: string; email: string; password: string; name: string; language: InterfaceLanguage }>;

export type DeskMember = (typeof DESK_STAFF)[keyof typeof DESK_STAFF];

/**
 * Signs the member in on the sign-in form the page shows (a desk page asked for sends there first), as they would:
 * the form's labels in the store's language, the button pressed; answers when the page asked for is shown.
 */
export async function signInAtDesk(page: Page, member: DeskMember, then: string): Promise<void> {
  const t = translatorOf(member.language);
  await page.getByLabel(t("desk.email")).fill(member.email);
  await page.getByLabel(t("desk.password")).fill(member.password);
  await Promise.all([page.waitForURL(storeUrl(member.host, then)), page.getByRole("button", { name: t("desk.sign_in") }).click()]);
  await expect(page.locator("header").innerText()).resolves.toContain(member.name);
}
