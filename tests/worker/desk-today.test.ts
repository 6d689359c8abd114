import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toMinor } from "../../commerce/money";
import { TODAY_QUERIES, todayNumbers } from "../../worker/desk/today/today-numbers";
import { cancelOrder, transitionOrder } from "../../worker/orders";
import { NAAN, PANEER, placedOrder } from "./checkout-helpers";
import { insertOrder, type OrderFixture } from "./order-fixtures";
import { request } from "./request";
import { storeOf } from "./settings-helpers";

const FOOD = 1;
const RETAIL = 2;
const HOUR = 3_600_000;

/** An instant on 10 November 2025 by the food store's clock (Asia/Kolkata, UTC+5:30). */
const ist = (hour: number, minute = 0, day = 10) => Date.UTC(2025, 10, day, hour, minute) - 5.5 * HOUR;

/** An order of the food store written in a state, with its lines: [product id, name, quantity, unit price]. */
async function order(fixture: Omit<OrderFixture, "customerId">) {
  const total = fixture.total ?? (fixture.lines ?? []).reduce((sum, [, , quantity, price]) => sum + quantity * price, 0);
  const written = await insertOrder({ tenantId: FOOD, customerId: 1, ...fixture, total });
  return { ...written, total };
}

/** Cancels a paid card order as the store does, at `at`: its payment goes to refund_pending. */
async function cancelPaid(written: { id: number; publicId: string; total: number }, at: number) {
  const outcome = await cancelOrder(
    env.DB,
    FOOD,
    {
      id: written.id,
      public_id: written.publicId,
      status: "placed",
      payment_status: "paid",
      cancel_until: at,
      payment_method: "online",
      total: written.total,
      wallet_amount: 0,
      reward_amount: 0,
    },
    { actor: "store", reason: "", by: { kind: "staff", staffId: 1, role: "owner" } },
    at,
  );
  expect(outcome).toEqual({ ok: true, refundDue: true });
}

describe("today's numbers on the desk", () => {
  it("count an order placed through the API now, its lines among the top products", async () => {
    const store = await storeOf(FOOD);
    const before = await todayNumbers(env.DB, store, Date.now());
    const { order: placed } = await placedOrder([
      [PANEER, 1],
      [NAAN, 3],
    ]);
    const after = await todayNumbers(env.DB, store, Date.now());
    const total = toMinor(placed.bill.total, 2)!;
    expect(after.orders - before.orders).toBe(1);
    expect(after.revenue - before.revenue).toBe(total);
    const units = (numbers: typeof after, id: number) => numbers.topByUnits.find((p) => p.productId === id)?.units ?? 0;
    expect(units(after, NAAN) - units(before, NAAN)).toBe(3);
    expect(after.topByUnits.find((p) => p.productId === NAAN)?.name).toBe(placed.items.find((line) => line.product_id === NAAN)?.name);
    expect(after.timeZone).toBe("Asia/Kolkata");
  });

  it("count the day's orders being fulfilled or paid for, by the hour of the store's own clock, and the day's refunds", async () => {
    const paneer = (quantity: number): [number, string, number, number] => [PANEER, "Paneer Tikka", quantity, 5_000];
    const naan = (quantity: number): [number, string, number, number] => [NAAN, "Butter Naan", quantity, 3_000];
    // Counted: a cash order placed, one delivered and paid, and a card order cancelled after payment.
    await order({ placedAt: ist(9, 15), lines: [paneer(2)] });
    await order({ placedAt: ist(13, 40), status: "delivered", paymentStatus: "cod_collected", lines: [naan(5), paneer(2)] });
    const refunded = await order({ placedAt: ist(20, 5), paymentMethod: "online", paymentStatus: "paid", lines: [naan(10)] });
    await cancelPaid(refunded, ist(21));
    // ...and its refund going through later that day is the same refund, not a second.
    expect(await transitionOrder(env.DB, FOOD, refunded.id, { payment: "refunded", actor: "payment" }, ist(22))).toBe(true);
    // Not counted: waiting for payment, failed, expired, a cash order cancelled before it was paid, the days either side,
    // and another store's order.
    await order({ placedAt: ist(10), status: "pending_payment", paymentMethod: "online", paymentStatus: "awaiting", lines: [naan(1)] });
    await order({ placedAt: ist(10), status: "payment_failed", paymentMethod: "online", paymentStatus: "failed", lines: [naan(1)] });
    await order({ placedAt: ist(11), status: "expired", paymentMethod: "online", paymentStatus: "void", lines: [naan(1)] });
    await order({ placedAt: ist(12), status: "cancelled", paymentStatus: "void", lines: [naan(1)] });
    await order({ placedAt: ist(23, 59, 9), lines: [naan(1)] });
    await order({ placedAt: ist(0, 0, 11), lines: [naan(1)] });
    await insertOrder({ tenantId: RETAIL, customerId: 1, placedAt: ist(12), lines: [[NAAN, "Other store", 50, 100]] });
    // An order of the day before, paid by card and cancelled this morning: a refund of today.
    await cancelPaid(await order({ placedAt: ist(18, 0, 9), paymentMethod: "online", paymentStatus: "paid", lines: [paneer(1)] }), ist(8));

    const today = await todayNumbers(env.DB, await storeOf(FOOD), ist(23));
    expect(today).toMatchObject({ date: "2025-11-10", timeZone: "Asia/Kolkata", orders: 3, revenue: 65_000, averageOrder: 21_667 });
    expect(today.hours.filter((h) => h.orders > 0)).toEqual([
      { hour: 9, orders: 1, revenue: 10_000 },
      { hour: 13, orders: 1, revenue: 25_000 },
      { hour: 20, orders: 1, revenue: 30_000 },
    ]);
    expect(today.hours).toHaveLength(24);
    expect(today.topByUnits).toEqual([
      { productId: NAAN, name: "Butter Naan", units: 15, revenue: 45_000 },
      { productId: PANEER, name: "Paneer Tikka", units: 4, revenue: 20_000 },
    ]);
    expect(today.topByRevenue.map((p) => p.productId)).toEqual([NAAN, PANEER]);
    expect(today.refunds).toEqual({ count: 2, amount: 30_000 + 5_000 });

    // "Today" is the store's: in UTC, 10 November runs from 05:30 that day to 05:30 the next in Kolkata, so the orders
    // fall in other hours (09:15 in Kolkata is 03:45 UTC), and the one placed at midnight of the 11th there joins them.
    const store = await storeOf(FOOD);
    const utc = await todayNumbers(env.DB, { ...store, settings: { ...store.settings, timeZone: "UTC" } }, Date.UTC(2025, 10, 10, 12));
    expect(utc.date).toBe("2025-11-10");
    expect(utc.hours.filter((h) => h.orders > 0).map((h) => h.hour)).toEqual([3, 8, 14, 18]);
    expect(utc.orders).toBe(4);
  });

  it("are zero, with no average and no top products, on a day without orders", async () => {
    const today = await todayNumbers(env.DB, await storeOf(FOOD), Date.UTC(2025, 0, 15, 12));
    expect(today).toMatchObject({ date: "2025-01-15", orders: 0, revenue: 0, averageOrder: null, topByUnits: [], topByRevenue: [] });
    expect(today.refunds).toEqual({ count: 0, amount: 0 });
    expect(today.hours.every((h) => h.orders === 0 && h.revenue === 0)).toBe(true);
  });

  it("read only the day's rows, each table through an index (no query scans a store's orders or history)", async () => {
    for (const [name, sql] of Object.entries(TODAY_QUERIES)) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(FOOD, ist(0), ist(24), ...(sql.includes("?4") ? [5] : []))
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(
        details.filter((detail) => /^SCAN\b/.test(detail)),
        `${name}: ${details.join(" | ")}`,
      ).toEqual([]);
      const indexes = details.join(" | ");
      if (name === "refunds") {
        expect(indexes).toContain("USING INDEX order_status_history_refunds");
        expect(indexes).toContain("USING INDEX order_status_history_by_order");
      } else {
        expect(indexes).toContain("USING INDEX orders_by_store");
      }
      if (name.startsWith("top")) expect(indexes).toContain("USING INDEX order_lines_by_order");
    }
  });
});

describe("the desk's Today page", () => {
  it("shows any member the day's numbers as charts with tables; another past day on asking; refuses a day to come", async () => {
    const { deskGet, deskSignIn, FOOD_KITCHEN } = await import("./desk-helpers");
    const written = await order({ lines: [[1, "Paneer Tikka", 2, 27_900]], status: "confirmed" });
    expect(written.id).toBeGreaterThan(0);
    const cookie = await deskSignIn(FOOD_KITCHEN);
    const page = await deskGet("/admin/today", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('aria-current="page">Today</a>');
    expect(html).toMatch(/Today, \w+day, \w+ \d+, \d{4} \(Asia\/Kolkata time\)/);
    expect(html).toContain('role="img"');
    expect(html).toContain('<caption id="today-hours-caption">');
    expect(html).toContain("Paneer Tikka");
    expect(html).toContain("No page speed reports for this day yet.");
    // A shopper's product page reports its speed: the day's page speed shows it, as a chart and a table.
    const sent = await request("food.localhost", "/api/page-speed", {
      method: "POST",
      body: JSON.stringify({ kind: "product", lcp: 1800, inp: 650, cls: 0.05 }),
      headers: { "Content-Type": "text/plain", Origin: "http://food.localhost" },
    });
    expect(sent.status).toBe(204);
    const speed = (await (await deskGet("/admin/today", cookie)).text()).replace(/<!-- -->/g, "");
    expect(speed).toContain("Products · Largest Contentful Paint (LCP)");
    expect(speed).toMatch(/Products · Interaction to Next Paint \(INP\)<\/th><td>[^<]+ \(Poor\)/);
    const before = await deskGet("/admin/today?day=2025-01-01", cookie);
    expect(before.status).toBe(200);
    const quiet = (await before.text()).replace(/<!-- -->/g, "");
    expect(quiet).toContain("Wednesday, January 1, 2025 (Asia/Kolkata time)");
    expect(quiet).toContain("No orders on this day.");
    for (const day of ["2999-01-01", "yesterday", "2025-02-30", "<script>"]) {
      const refused = await deskGet(`/admin/today?day=${encodeURIComponent(day)}`, cookie);
      expect(refused.status, day).toBe(400);
      expect(await refused.text()).toContain("Choose a day up to today.");
    }
  });
});
