import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADDRESS_LABEL_MESSAGES } from "../../commerce/addresses";
import { translatorOf } from "../../commerce/i18n/translators";
import { holdCompiledCatalogues } from "../../scripts/i18n/compiled-catalogues";
import { connectAgent, toolOk } from "./agent-steps";
import { DESK_STAFF, type DeskMember, signInAtDesk } from "./desk-steps";
import { BASE_PORT, getOnLoopback, PERSIST_DIR, ready, storeUrl, useBrowser, type Variant, visibleText } from "./helpers";
import { addToCart, follow, goTo, latestMessage, submit } from "./shopper-steps";

// Read from disk here, as the Worker reads them from its static assets (decision 081).
holdCompiledCatalogues();

/**
 * The README's quick start, as a new user follows it, against the server `npm start` serves (the suite's global setup
 * starts it with `--port`, `--persist-to` and `--import`, the options the quick start names). Every address, example,
 * code and button the section names has a check below, keyed by the text as the README writes it; the first test fails
 * when the section names something with no check, or a check names something the section no longer does.
 */

const README = readFileSync("README.md", "utf8");
const QUICK_START = README.slice(README.indexOf("## Quick start"), README.indexOf("## Tests"));

/** What the quick start names: addresses, code spans outside code blocks, quoted buttons and texts, demo emails. */
function namedInQuickStart(): Set<string> {
  const prose = QUICK_START.replace(/```[\s\S]*?```/g, "");
  return new Set([
    ...[...prose.matchAll(/http:\/\/[\w.]+:8787(?:\/[\w/-]*)?/g)].map((m) => m[0]),
    ...[...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
    // A quote not inside a word ("card's" is not one).
    ...[...prose.matchAll(/(?<!\w)'([^']+)'(?!\w)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/[\w.]+@example\.com/g)].map((m) => m[0]),
  ]);
}

/** Names of files, settings and commands: things the quick start explains, not things to open or try. */
const NOT_STEPS = new Set([
  "*.localhost",
  "Host",
  ".wrangler/",
  ".wrangler/state",
  "latitude,longitude",
  "DEV_POSITION",
  "demo_customers",
  "GOOGLE_MAPS_API_KEY",
  "npm ci",
  "npm start",
  "npm run db:migrate",
  "patches/",
  "wrangler dev",
  "tests/e2e/readme.test.ts",
]);

const FOOD = "food.localhost";
const RETAIL = "retail.localhost";
const NEW = "new.localhost";
const SOUQ = "souq.localhost";
const JS_OFF: Variant = { name: "JS off, 1280px", js: false, width: 1280 };
const JS_ON: Variant = { name: "JS on, 1280px", js: true, width: 1280 };
const PHONE_JS_ON: Variant = { name: "JS on, 390px", js: true, width: 390 };

// Each demo store's own language (the retail store speaks German, the souq Arabic): the sign-in form's words are its.
const DEMO_CUSTOMERS = {
  "asha.demo@example.com": { host: FOOD, language: "en", password: "spice-route-demo", addresses: ["Home", "Work"] },
  "jonas.demo@example.com": { host: RETAIL, language: "de", password: "northwind-demo", addresses: ["Home"] },
  "sam.demo@example.com": { host: NEW, language: "en", password: "new-store-demo", addresses: [] },
  "layla.demo@example.com": { host: SOUQ, language: "ar", password: "souq-demo", addresses: [] },
} as const;

// biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; it registers this file's vitest hooks, which may sit at the top.
const { open } = useBrowser();

/** The page's text as a reader sees it. */
const bodyText = (page: Page) => page.locator("body").innerText();

/** Opens a path of a store without JavaScript and answers the page, after checking it answered 200. */
async function page200(host: string, path: string, variant: Variant = JS_OFF): Promise<Page> {
  const { page, response, tolerateProblem } = await open(storeUrl(host, path), variant);
  tolerateProblem(/net::ERR_ABORTED$/, "pictures and scripts of a page the check leaves before they load");
  expect(response.status(), `${host}${path}`).toBe(200);
  await ready(page, variant);
  return page;
}

/** Places the visitor with the dev_position cookie (DEV_TOOLS=1) and opens the food store's home. */
async function homeAt(position: string, variant: Variant = JS_OFF): Promise<Page> {
  const page = await page200(FOOD, "/robots.txt", variant);
  await page.context().addCookies([{ name: "dev_position", value: position, url: storeUrl(FOOD, "/") }]);
  await goTo(page, variant, "/");
  return page;
}

/** Signs a demo customer in on /login with their password, without JavaScript; answers the page, on /account. */
async function signedIn(email: keyof typeof DEMO_CUSTOMERS, variant: Variant = JS_OFF): Promise<Page> {
  const { host, language, password } = DEMO_CUSTOMERS[email];
  const t = translatorOf(language);
  const page = await page200(host, "/login", variant);
  await page.getByLabel(t("auth.email_or_phone")).first().fill(email);
  await page.getByLabel(t("auth.password")).fill(password);
  await Promise.all([
    page.waitForURL(storeUrl(host, "/account")),
    page.getByRole("button", { name: t("auth.sign_in"), exact: true }).click(),
  ]);
  await ready(page, variant);
  return page;
}

/** A food cart holding one Paneer Tikka (₹279), added from its product page without JavaScript; answers /cart. */
async function cartWithADish(page?: Page): Promise<Page> {
  const at = page ?? (await page200(FOOD, "/product/paneer-tikka"));
  if (page) await goTo(at, JS_OFF, "/product/paneer-tikka");
  await addToCart(at, JS_OFF);
  return at;
}

async function foodHomeShowsTheMenu(page: Page) {
  await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe("Spice Route Kitchen - Indiranagar");
  await expect(page.getByTestId("unserviceable").count()).resolves.toBe(0);
  await expect(page.getByTestId("home").getByTestId("product-card").count()).resolves.toBeGreaterThan(10);
  expect(await bodyText(page)).toContain("All dishes");
}

const CHECKS: Record<string, () => Promise<void>> = {
  "http://food.localhost:8787": async () => foodHomeShowsTheMenu(await page200(FOOD, "/")),
  "http://localhost:8787": async () => foodHomeShowsTheMenu(await page200("localhost", "/")),
  "http://127.0.0.1:8787": async () => foodHomeShowsTheMenu(await page200("127.0.0.1", "/")),
  "http://retail.localhost:8787": async () => {
    const page = await page200(RETAIL, "/");
    await expect(visibleText(page.getByTestId("store-name"))).resolves.toBe("Northwind Outfitters");
    expect(await bodyText(page)).toMatch(/\d,\d{2} €/);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("de");
    await expect(visibleText(page.getByTestId("change-location"))).resolves.toContain("Standort ändern");
  },
  "http://retail.localhost:8787/en": async () => {
    const page = await page200(RETAIL, "/en");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await expect(visibleText(page.getByTestId("change-location"))).resolves.toContain("Change Location");
  },
  "http://new.localhost:8787": async () => {
    const page = await page200(NEW, "/");
    await expect(visibleText(page.getByTestId("preview-home").getByRole("heading", { level: 1 }))).resolves.toBe("Welcome to your store!");
  },
  "http://souq.localhost:8787": async () => {
    const page = await page200(SOUQ, "/");
    await expect(page.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expect(visibleText(page.getByTestId("store-name"))).resolves.toBe("سوق الواحة");
    expect(await bodyText(page)).toMatch(/\d+(?:\.\d{2})? د\.إ\./);
  },
  "/hi": async () => {
    const page = await page200(FOOD, "/hi");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("hi");
  },
  "http://food.localhost:8787/hi/category/pizzas": async () => {
    const page = await page200(FOOD, "/hi/category/pizzas");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("hi");
    await expect(visibleText(page.getByTestId("change-location"))).resolves.toContain("स्थान बदलें");
    await expect(page.getByTestId("nav-languages").getByRole("link", { name: "English" }).getAttribute("href")).resolves.toBe(
      "/category/pizzas",
    );
  },
  "locales/": async () => expect(existsSync("locales/hi/shell.json")).toBe(true),
  "http://food.localhost:8787/dev/outbox": async () => {
    const page = await page200(FOOD, "/dev/outbox");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Outbox");
    await expect(page.title()).resolves.toBe("Outbox (development)");
  },
  "DEV_TOOLS=1": async () => {
    // The flag is on under npm start: the dev pages answer, and the dev_position cookie places the visitor.
    await page200(FOOD, "/dev/outbox");
    const page = await homeAt("12.9352,77.6245");
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe("Spice Route Kitchen - Koramangala");
  },
  ".dev.vars": async () => expect(existsSync(".dev.vars")).toBe(true),
  ".dev.vars.example": async () => {
    // npm start made .dev.vars from it on a fresh checkout; the demo's switches come from there.
    expect(readFileSync(".dev.vars.example", "utf8")).toMatch(/^DEV_TOOLS=1$/m);
    expect(readFileSync(".dev.vars", "utf8")).toMatch(/^DEV_TOOLS=1$/m);
  },
  "--port <n>": async () => expect(storeUrl(FOOD)).toContain(`:${BASE_PORT}/`),
  "--persist-to <dir>": async () => expect(existsSync(`${PERSIST_DIR}/v3/d1`)).toBe(true),
  "--import <store.json>": async () => {
    // tests/fixtures/closed-store.json is served because the suite's npm start imported it: its closed screen.
    const page = await page200("closed.localhost", "/");
    await expect(page.getByTestId("store-closed").count()).resolves.toBe(1);
  },
  "npm start -- --port 8790 --persist-to .wrangler/mine --import my-store.json": async () => {
    // npm start is scripts/start.ts, and it takes each of the three options (the suite's own start used them all).
    const script = JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string;
    expect(script).toContain("scripts/start.ts");
    const usage = execFileSync(join("node_modules", ".bin", "tsx"), ["scripts/start.ts", "--help"], { encoding: "utf8" });
    for (const option of ["--port <n>", "--persist-to <dir>", "--import <store.json>"]) expect(usage).toContain(option);
  },
  "/category/pizzas": async () => {
    const page = await page200(FOOD, "/category/pizzas");
    await page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Margherita Pizza" }).waitFor();
  },
  "/product/margherita-pizza": async () => {
    const { page, expectProblem } = await open(storeUrl(FOOD, "/product/margherita-pizza"), JS_OFF);
    expectProblem(/^http 422: POST /);
    expectProblem(/status of 422/);
    const form = page.getByTestId("product-page").getByTestId("product-form");
    for (const choice of ["Medium", "Thin", "Garlic dip"]) await expect(form.getByLabel(choice).count()).resolves.toBe(1);
    // Regular comes only with the classic crust: choosing it without JavaScript is refused by the server.
    await form.getByLabel("Regular").check();
    await form.getByLabel("Thin").check();
    await form.getByTestId("add-to-cart").click();
    await page.getByTestId("option-error").waitFor();
  },
  "/product/egg-biryani": async () => {
    // A visitor without a position is served by the main branch, where it is out of stock (decision 053).
    const page = await page200(FOOD, "/product/egg-biryani");
    const product = page.getByTestId("product-page");
    await expect(visibleText(product.getByTestId("stock-level"))).resolves.toBe("Out of stock");
    await expect(product.getByTestId("product-form").count()).resolves.toBe(0);
  },
  "/search?q=biryani": async () => {
    const page = await page200(FOOD, "/search?q=biryani");
    const names = await page.getByTestId("search-page").getByTestId("product-card").allInnerTexts();
    expect(names.length).toBeGreaterThan(2);
    for (const name of names) expect(name).toMatch(/biryani/i);
  },
  "/product/reviews/26": async () => {
    const page = await page200(FOOD, "/product/reviews/26");
    await expect(page.getByTestId("reviews-page").getByTestId("review").count()).resolves.toBeGreaterThan(0);
  },
  "/page/about-us": async () => {
    const page = await page200(FOOD, "/page/about-us");
    // The page's title heads it (the store's own HTML below may have headings of its own).
    await expect(visibleText(page.getByTestId("content-page").getByRole("heading", { level: 1 }).first())).resolves.toBe("About us");
  },
  "/sitemap.xml": async () => {
    const { response } = await open(storeUrl(FOOD, "/sitemap.xml"), JS_OFF);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("<sitemapindex");
  },
  "Add to Cart": async () => {
    // With JavaScript, a product card's 'Add to Cart' opens the options drawer.
    const page = await page200(FOOD, "/category/pizzas", JS_ON);
    const card = page.getByTestId("category-page").getByTestId("product-card").filter({ hasText: "Margherita Pizza" });
    await card.getByTestId("card-add-to-cart").click();
    await page.getByRole("dialog", { name: "Product options" }).getByTestId("product-form").waitFor();
  },
  "/cart": async () => {
    const page = await cartWithADish();
    const text = await visibleText(page.getByTestId("cart-page"));
    expect(text).toContain("Paneer Tikka");
    // GST, included in the food store's prices: the bill shows its part.
    expect(text).toMatch(/\nTax\n₹[\d.]+/);
    expect(text).toContain("Packaging charge");
    expect(text).toMatch(/[Dd]elivery/);
  },
  FEAST20: async () => {
    const page = await cartWithADish();
    await goTo(page, JS_OFF, "/product/paneer-tikka");
    await addToCart(page, JS_OFF);
    await page.getByTestId("cart-page").locator("#coupon-code").fill("FEAST20");
    await Promise.all([page.waitForURL(storeUrl(FOOD, "/cart")), page.getByTestId("cart-page").getByTestId("apply-coupon").click()]);
    await expect(visibleText(page.getByTestId("cart-page").getByTestId("applied-coupon"))).resolves.toBe("FEAST20");
  },
  WELCOME50: async () => {
    const page = await page200(FOOD, "/cart/discounts");
    expect(await bodyText(page)).toContain("WELCOME50");
  },
  "/cart/discounts": async () => {
    const page = await page200(FOOD, "/cart/discounts");
    const text = await bodyText(page);
    expect(text).toContain("FEAST20");
    expect(text).toContain("WELCOME50");
  },
  dev_position: async () => {
    const page = await homeAt("12.9719,77.6412");
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe("Spice Route Kitchen - Indiranagar");
  },
  "12.925,77.5838": async () => {
    const page = await homeAt("12.925,77.5838");
    await expect(visibleText(page.getByTestId("nav-branch-name"))).resolves.toBe("Spice Route Kitchen - Jayanagar");
    await expect(page.getByTestId("home").getByTestId("product-card").filter({ hasText: "Mutton Biryani" }).count()).resolves.toBe(0);
  },
  "12.308,76.655": async () => {
    const page = await homeAt("12.308,76.655");
    await page.getByTestId("unserviceable").getByText("Sorry! We don't deliver here").waitFor();
  },
  "/location": async () => {
    const page = await page200(FOOD, "/location");
    const text = await bodyText(page);
    for (const branch of ["Indiranagar", "Koramangala", "Jayanagar"]) expect(text).toContain(`Spice Route Kitchen - ${branch}`);
  },
  "Change Location": async () => {
    const page = await page200(FOOD, "/", PHONE_JS_ON);
    await page.getByTestId("change-location").click();
    await page.getByRole("dialog", { name: "Change location" }).getByTestId("location-drawer").waitFor();
  },
  Koramangala: async () => placeFound("Koramangala", /Koramangala/),
  "560102": async () => placeFound("560102", /560102/),
  "Use my current location": async () => {
    // In the location drawer, the device's position is looked up and judged like a place searched for.
    const page = await page200(FOOD, "/", PHONE_JS_ON);
    await page.context().grantPermissions(["geolocation"], { origin: new URL(storeUrl(FOOD)).origin });
    await page.context().setGeolocation({ latitude: 12.9352, longitude: 77.6245 });
    await page.getByTestId("change-location").click();
    const drawer = page.getByRole("dialog", { name: "Change location" });
    await drawer.getByRole("button", { name: "Use my current location" }).click();
    await drawer.getByTestId("place-verdict").getByText("Delivered from Spice Route Kitchen - Koramangala").waitFor();
  },
  "You are offline!": async () => {
    const { page, tolerateProblem } = await open(storeUrl(FOOD), JS_ON);
    tolerateProblem(/ERR_INTERNET_DISCONNECTED/, "pictures and the connection probe asked for while the browser is held offline");
    await ready(page, JS_ON);
    await page.context().setOffline(true);
    await page.getByTestId("offline-view").getByText("You are offline!").waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
    await page.getByTestId("offline-view").waitFor({ state: "detached", timeout: 15_000 });
    // A probe cut off by going offline never settles in Chromium's request count (tests/e2e/offline.test.ts).
    await page.reload();
  },
  "/register": async () => {
    const page = await page200(FOOD, "/register");
    await page.getByRole("button", { name: "Create account" }).waitFor();
  },
  "/login": async () => {
    // A password, or a one-time code that lands in the outbox.
    const page = await page200(FOOD, "/login");
    await page.getByTestId("send-code-form").getByLabel("Email or phone number").fill("asha.demo@example.com");
    await submit(page, JS_OFF, "Send code", /\/login\?otp=email&/);
    expect(await latestMessage(page, "asha.demo@example.com")).toMatch(/\b\d{6}\b/);
  },
  "/forgot-password": async () => {
    const page = await page200(FOOD, "/forgot-password");
    await page.getByLabel("Email").fill("asha.demo@example.com");
    await submit(page, JS_OFF, "Send link", "/forgot-password?sent=1");
    expect(await latestMessage(page, "asha.demo@example.com")).toMatch(/\/forgot-password\?token=/);
  },
  "/account/edit-profile": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/account/edit-profile");
    await expect(page.locator('input[type="file"]').count()).resolves.toBe(1);
  },
  "/account/add-address": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/account/add-address");
    await page.getByRole("button", { name: "Save address" }).waitFor();
  },
  "/account/my-orders": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/account/my-orders");
    expect(new URL(page.url()).pathname).toBe("/account/my-orders");
  },
  "/account/addresses": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/account/addresses");
    const text = await visibleText(page.getByTestId("address").first());
    expect(text).toMatch(/Home/);
  },
  ...Object.fromEntries(
    Object.entries(DEMO_CUSTOMERS).map(([email, { host, language, addresses }]) => [
      email,
      async () => {
        const page = await signedIn(email as keyof typeof DEMO_CUSTOMERS);
        await page.goto(storeUrl(host, "/account/addresses"));
        const saved = await page.getByTestId("address").allInnerTexts();
        expect(saved.length).toBe(addresses.length);
        for (const [i, label] of addresses.entries()) expect(saved[i]).toContain(translatorOf(language)(ADDRESS_LABEL_MESSAGES[label]));
      },
    ]),
  ),
  "/account/undo-change": async () => {
    // The link the old email and phone are sent after a change opens this page (the whole undo: worker tests).
    const page = await page200(FOOD, "/account/undo-change?token=from-the-message");
    await page.getByTestId("undo-change-page").getByRole("button", { name: "Put my details back" }).waitFor();
  },
  "/refer-a-friend": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/refer-a-friend");
    const code = await visibleText(page.getByTestId("referral-code"));
    await expect(page.getByTestId("referral-link").inputValue()).resolves.toBe(storeUrl(FOOD, `/r/${code}`));
  },
  "/r/<code>": async () => {
    const page = await signedIn("asha.demo@example.com");
    await goTo(page, JS_OFF, "/refer-a-friend");
    const code = await visibleText(page.getByTestId("referral-code"));
    const friend = await page200(FOOD, `/r/${code}`);
    await expect(visibleText(friend.getByTestId("referral-greeting"))).resolves.toMatch(/^Your friend \S+ invited you$/);
  },
  "Pay online": async () => payOnTheTestGateway("Pay"),
  "/checkout": async () => {
    const page = await atCheckout();
    await page.getByTestId("pay-online").waitFor();
  },
  "/dev/test-gateway": async () => payOnTheTestGateway("Pay"),
  Pay: async () => payOnTheTestGateway("Pay"),
  Fail: async () => payOnTheTestGateway("Fail"),
  // The owner's desk: each address signs its demo owner in; each section the quick start names is a page of the nav.
  "/admin": async () => {
    const page = await atTheDesk(DESK_STAFF.foodOwner, "/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/orders");
  },
  "http://food.localhost:8787/api/mcp": async () => {
    // An assistant with the official MCP client: the tools, and a search that finds the menu.
    const agent = await connectAgent(FOOD);
    try {
      const { tools } = await agent.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["search_catalog", "get_product", "create_cart", "create_checkout"]),
      );
      const found = await toolOk(agent, "search_catalog", { catalog: { query: "biryani" } });
      expect(found.structuredContent!.products.length).toBeGreaterThan(0);
    } finally {
      await agent.close();
    }
  },
  "Accept: text/markdown": async () => {
    const answer = await getOnLoopback(FOOD, "/product/margherita-pizza", { Accept: "text/markdown" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(answer.body).toContain("# Margherita Pizza");
  },
  "curl -H 'Accept: text/markdown' http://food.localhost:8787/product/margherita-pizza": async () => {
    const markdown = execFileSync("curl", ["-s", "-H", "Accept: text/markdown", storeUrl(FOOD, "/product/margherita-pizza")], {
      encoding: "utf8",
    });
    expect(markdown).toContain("# Margherita Pizza");
  },
  "http://food.localhost:8787/product/margherita-pizza": async () => {
    const page = await page200(FOOD, "/product/margherita-pizza");
    await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toContain("Margherita Pizza");
  },
  "/llms.txt": async () => {
    const answer = await getOnLoopback(FOOD, "/llms.txt");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^# Spice Route Kitchen/);
    expect(answer.body).toContain("/api/mcp");
  },
  "http://food.localhost:8787/admin": async () => void (await atTheDesk(DESK_STAFF.foodOwner, "/admin")),
  "http://retail.localhost:8787/admin": async () => void (await atTheDesk(DESK_STAFF.retailOwner, "/admin")),
  "http://souq.localhost:8787/admin": async () => void (await atTheDesk(DESK_STAFF.souqOwner, "/admin")),
  "http://new.localhost:8787/admin": async () => void (await atTheDesk(DESK_STAFF.newOwner, "/admin")),
  "owner.demo@example.com": async () => {
    for (const member of [DESK_STAFF.foodOwner, DESK_STAFF.retailOwner, DESK_STAFF.souqOwner, DESK_STAFF.newOwner]) {
      await deskSection(member, "/admin/stock");
    }
  },
  "kitchen.demo@example.com": async () => {
    // An orders clerk: the board and the numbers, and no owner's section.
    const page = await deskSection(DESK_STAFF.foodKitchen, "/admin/orders");
    await expect(page.locator('nav a[href="/admin/stock"]').count()).resolves.toBe(0);
    await deskSection(DESK_STAFF.foodKitchen, "/admin/today");
  },
  "/admin/orders": async () => void (await deskSection(DESK_STAFF.foodOwner, "/admin/orders")),
  "/admin/stock": async () => void (await deskSection(DESK_STAFF.foodOwner, "/admin/stock")),
  "/admin/switches": async () => void (await deskSection(DESK_STAFF.foodOwner, "/admin/switches")),
  "/admin/today": async () => void (await deskSection(DESK_STAFF.foodOwner, "/admin/today")),
  "/admin/catalogue": async () => void (await deskSection(DESK_STAFF.foodOwner, "/admin/catalogue")),
  "Add Product": async () => previewButtonLeadsToTheDesk("Add Product", "/admin/catalogue#products"),
  "Customize theme": async () => previewButtonLeadsToTheDesk("Customize theme", "/admin/catalogue#theme"),
};

/** The member signed in on the desk's form without JavaScript, on the way to `path`; answers the page they land on. */
async function atTheDesk(member: DeskMember, path: string): Promise<Page> {
  const page = await page200(member.host, path);
  await signInAtDesk(page, member, path === "/admin" ? "/admin/orders" : path);
  return page;
}

/** A desk section as the member opens it: 200, and its own entry of the nav marked as the current page. */
async function deskSection(member: DeskMember, path: string): Promise<Page> {
  const page = await atTheDesk(member, path);
  await expect(page.locator(`nav a[href="${path}"]`).getAttribute("aria-current")).resolves.toBe("page");
  return page;
}

/** The new store's preview button, named as the quick start names it, leads to the desk's catalogue page. */
async function previewButtonLeadsToTheDesk(name: string, href: string) {
  const page = await page200(NEW, "/");
  await expect(page.getByTestId("preview-home").getByRole("link", { name }).getAttribute("href")).resolves.toBe(href);
  await page.getByTestId("preview-home").getByRole("link", { name }).click();
  await signInAtDesk(page, DESK_STAFF.newOwner, "/admin/catalogue");
}

/** Searches a place on the /location page without JavaScript and expects it among the places found. */
async function placeFound(text: string, expected: RegExp) {
  const page = await page200(FOOD, "/location");
  await page.getByLabel("Area, street or pincode").fill(text);
  await Promise.all([page.waitForURL(/\/location\?q=/), page.getByTestId("location-page").getByRole("button", { name: "Search" }).click()]);
  await page
    .getByTestId("place-verdict")
    .filter({ hasText: expected })
    .getByText(/^Delivered from /)
    .waitFor();
}

/** Asha with a dish in her cart at /checkout, delivering to her default address, without JavaScript. */
async function atCheckout(): Promise<Page> {
  const page = await signedIn("asha.demo@example.com");
  await cartWithADish(page);
  await goTo(page, JS_OFF, "/checkout");
  await submit(page, JS_OFF, "Deliver here", /\/checkout/);
  await page.getByTestId("place-order-button").waitFor();
  return page;
}

/** Asha pays online for a dish without JavaScript: place, the pay step, the test gateway, then its Pay or Fail. */
async function payOnTheTestGateway(button: "Pay" | "Fail") {
  const page = await atCheckout();
  await page.getByTestId("pay-online").getByRole("radio").check();
  await expect(visibleText(page.getByTestId("pay-online"))).resolves.toMatch(/^Pay online/);
  await follow(page, JS_OFF, page.getByTestId("place-order-button"), /\/checkout\/pay\/[\w-]{22}$/);
  const id = new URL(page.url()).pathname.split("/").at(-1)!;
  await Promise.all([page.waitForURL(/\/dev\/test-gateway/), page.getByTestId("pay-button").click()]);
  await follow(page, JS_OFF, page.getByTestId(`test-gateway-${button.toLowerCase()}`), `/order-placed/${id}`);
  const text = await bodyText(page);
  expect(text).toContain(button === "Pay" ? "Online payment · Paid" : "Your payment did not go through");
}

describe("the README's quick start", () => {
  it("names nothing without a check here, and this file checks nothing it no longer names", () => {
    const named = namedInQuickStart();
    const unchecked = [...named].filter((item) => !(item in CHECKS) && !NOT_STEPS.has(item));
    const stale = [...Object.keys(CHECKS), ...NOT_STEPS].filter((item) => !named.has(item));
    expect({ unchecked, stale }).toEqual({ unchecked: [], stale: [] });
  });

  // The pay checks walk sign-in, cart, checkout and the gateway: more steps than the suite's usual 30 s allow for.
  for (const [promise, check] of Object.entries(CHECKS)) it(promise, check, 60_000);
});
