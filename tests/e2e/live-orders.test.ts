import { describe, expect, it } from "vitest";
import { cartAtHome, placedOrder, registeredCustomer, storeTransitions } from "./api-steps";
import { ready, screenshot, storeUrl, useBrowser, VARIANTS, type Variant, visibleText } from "./helpers";
import { asOwnVisitor, FOOD, follow, goTo, newShopper, submit } from "./shopper-steps";

/**
 * Issue 29: the tracking page follows its order live. The store transitions the order through its owner API while the
 * page is open; with JavaScript the status changes in place within a second, without a reload (the page's own marker
 * survives); without it the page stays as loaded and its 'Refresh' link shows the transition.
 */

const TRANSITION_SHOWN_WITHIN_MS = 1000;

/**
 * Runs in the page before its scripts: marks the window once a WebSocket of the page has said `ready` (it listens), so
 * the test transitions the order only then, whenever the socket opened.
 */
function markListening() {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (String(event.data).includes('"ready"')) Object.assign(window, { liveReady: true });
      });
    }
  };
}

/**
 * Runs in the page before its scripts: the page's WebSockets deliver no message until `releaseLive()` is called (each
 * held one marks the window `liveHeld`), so a test chooses what the socket's first message overlaps.
 */
function holdLiveMessages() {
  const held: Array<() => void> = [];
  let released = false;
  Object.assign(window, {
    releaseLive() {
      released = true;
      for (const deliver of held.splice(0)) deliver();
    },
  });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    override addEventListener(...[type, listener, options]: Parameters<WebSocket["addEventListener"]>) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      super.addEventListener(
        type,
        (event) => {
          const deliver = () => (typeof listener === "function" ? listener.call(this, event) : listener.handleEvent(event));
          if (released) return deliver();
          Object.assign(window, { liveHeld: true });
          held.push(deliver);
        },
        options,
      );
    }
  };
}

describe.each(VARIANTS)("live order tracking ($name)", (variant: Variant) => {
  const { open } = useBrowser();

  it("shows the owner API's transition on the open tracking page", async () => {
    const token = await registeredCustomer();
    const order = await placedOrder(token, await cartAtHome(token), "cod");
    const { page } = await open(storeUrl(FOOD, `/track-order/${order.id}`), variant, markListening);
    await ready(page, variant);
    const status = page.getByTestId("tracking-status");
    await expect(visibleText(status)).resolves.toBe("Placed");

    if (variant.js) {
      await page.waitForFunction(() => "liveReady" in window, undefined, { timeout: 10_000 });
      await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
      await storeTransitions(order.id, "out_for_delivery");
      const transitioned = Date.now();
      await status.filter({ hasText: "Out for delivery" }).waitFor({ timeout: TRANSITION_SHOWN_WITHIN_MS });
      console.log(`── live: the transition showed ${Date.now() - transitioned} ms after the owner API answered (${variant.name})`);
      await expect(page.evaluate(() => "stillThisDocument" in window)).resolves.toBe(true);
      // The timeline moved with it: the step is now the current one.
      await expect(visibleText(page.locator('[data-testid="tracking-steps"] li[aria-current="step"]'))).resolves.toContain(
        "Out for delivery",
      );
      await screenshot(page, `live-tracking-${variant.width}`);
      return;
    }
    await storeTransitions(order.id, "out_for_delivery");
    // Without JavaScript nothing changes until the shopper asks: the refresh link reloads the page.
    await page.waitForTimeout(300);
    await expect(visibleText(status)).resolves.toBe("Placed");
    await follow(page, variant, page.getByTestId("refresh-tracking"), `/track-order/${order.id}`);
    await expect(visibleText(page.getByTestId("tracking-status"))).resolves.toBe("Out for delivery");
  });

  it.runIf(variant.js)("reads the page again one read at a time when a transition comes while a read is under way", async () => {
    const token = await registeredCustomer();
    const order = await placedOrder(token, await cartAtHome(token), "cod");
    const { page } = await open(storeUrl(FOOD, `/track-order/${order.id}`), variant, markListening);
    await ready(page, variant);
    await page.waitForFunction(() => "liveReady" in window, undefined, { timeout: 10_000 });
    // The first connection's read is over; from now each read of the page's data is held a while, so the second
    // transition arrives while the first transition's read is open.
    await page.waitForLoadState("networkidle");
    let reads = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        reads += 1;
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue().catch(() => undefined);
        inFlight -= 1;
      },
    );
    await storeTransitions(order.id, "confirmed");
    await storeTransitions(order.id, "out_for_delivery");
    await page.getByTestId("tracking-status").filter({ hasText: "Out for delivery" }).waitFor({ timeout: 5000 });
    await page.waitForLoadState("networkidle");
    // One read for the first transition, and one owed to the second and made when the first ended: never two at once,
    // so none is overtaken (Remix may still cancel the rest of a stream it has decoded, which Chromium reports as
    // aborted; the console error an overtaken read logged fails the test through useBrowser).
    expect({ reads, mostInFlight }).toEqual({ reads: 2, mostInFlight: 1 });
  });

  it.runIf(variant.js && variant.width > 768)("lets the dialog's home underlay load before the socket's first read", async () => {
    const token = await registeredCustomer();
    const order = await placedOrder(token, await cartAtHome(token), "cod");
    const { page } = await open(storeUrl(FOOD, `/track-order/${order.id}`), variant, holdLiveMessages);
    await page.evaluate(() => (window as unknown as { releaseLive(): void }).releaseLive());
    await ready(page, variant);
    // Loaded again, the socket's first message (which asks for a read of the page) is let through only while the
    // underlay's home read is under way: a revalidate then would abort that load, which Remix logs to the console when
    // it is cut off mid-body (a CI run failed on that), and load it again.
    const reads: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        reads.push(new URL(route.request().url()).pathname);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        if (route.request().url().includes("_root.data")) {
          await page.waitForFunction(() => "liveHeld" in window, undefined, { timeout: 10_000 }).catch(() => undefined);
          await page.evaluate(() => (window as unknown as { releaseLive(): void }).releaseLive()).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        await route.continue().catch(() => undefined);
        inFlight -= 1;
      },
    );
    await page.reload();
    await ready(page, variant);
    await expect.poll(() => reads.length, { timeout: 5000 }).toBe(2);
    await page.waitForLoadState("networkidle");
    expect({ reads, mostInFlight }).toEqual({ reads: ["/_root.data", `/track-order/${order.id}.data`], mostInFlight: 1 });
  });

  it("shows the owner API's transition in the open My orders list, and says it politely", async () => {
    const shopper = newShopper(variant);
    const token = await registeredCustomer(shopper);
    const order = await placedOrder(token, await cartAtHome(token), "cod");
    const { page } = await open(storeUrl(FOOD, "/login?redirectTo=%2Faccount%2Fmy-orders"), variant, markListening);
    await asOwnVisitor(page);
    await ready(page, variant);
    await page.getByLabel("Email or phone number").first().fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await submit(page, variant, "Sign in", "/account/my-orders");
    const status = page.getByTestId("order").filter({ hasText: order.number }).getByTestId("order-status");
    await expect(visibleText(status)).resolves.toBe("Placed");

    if (variant.js) {
      await page.waitForFunction(() => "liveReady" in window, undefined, { timeout: 10_000 });
      await storeTransitions(order.id, "confirmed");
      await status.filter({ hasText: "Confirmed" }).waitFor({ timeout: TRANSITION_SHOWN_WITHIN_MS });
      await expect(page.getByTestId("live-announcement").textContent()).resolves.toBe(`Order ${order.number} is now confirmed.`);
      return;
    }
    // Without JavaScript the list is as loaded until it is loaded again.
    await storeTransitions(order.id, "confirmed");
    await expect(visibleText(status)).resolves.toBe("Placed");
    await goTo(page, variant, "/account/my-orders");
    await expect(visibleText(page.getByTestId("order").filter({ hasText: order.number }).getByTestId("order-status"))).resolves.toBe(
      "Confirmed",
    );
  });
});
