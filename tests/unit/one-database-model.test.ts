import { describe, expect, it } from "vitest";
import { model, PER_ORDER } from "../../scripts/bench/one-database";

/** Measured figures stand-ins: each flow's mean database time, as the bench's rows carry it. */
const flow = (role: string, meanMs: number) =>
  ({ role, db: { requests: 20, p50Ms: meanMs, p90Ms: meanMs, meanMs } }) as Parameters<typeof model>[0][number];

describe("the bench's model from measured flows", () => {
  const flows = [
    flow("read", 2),
    flow("read", 4),
    flow("cart", 3),
    flow("sign-in", 6),
    flow("order", 10),
    flow("pay", 5),
    flow("pay-result", 5),
    { db: { requests: 20, p50Ms: 0, p90Ms: 0, meanMs: 0 } }, // the page cache's page stands for no primary work
  ];
  const result = model(flows, 10_000);

  it("takes each kind's mean over its flows and fills one database at 1 / (database time per order)", () => {
    expect(result.roles.map((r) => [r.role, r.serviceMs])).toEqual([
      ["read", 3],
      ["cart", 3],
      ["sign-in", 6],
      ["order", 10],
      ["pay", 5],
      ["pay-result", 5],
    ]);
    expect(PER_ORDER).toEqual({ read: 12, cart: 8, "sign-in": 0.3, order: 1, pay: 0.6, "pay-result": 0.6 });
    // 12 × 3 + 8 × 3 + 0.3 × 6 + 10 + 0.6 × 5 + 0.6 × 5 = 77.8 ms an order.
    expect(result.mix.busyMsPerOrder).toBeCloseTo(77.8, 10);
    expect(result.mix.ordersPerSecond).toBeCloseTo(1000 / 77.8, 10);
    expect(result.mix.platform.find((p) => p.databases === 4)!.ordersPerSecond).toBeCloseTo(4000 / 77.8, 10);
    expect(result.simulation.input.importMs).toBe(10_000);
  });

  it("refuses figures with a kind of primary work missing", () => {
    expect(() =>
      model(
        flows.slice(1).filter((f) => f.role !== "order"),
        10_000,
      ),
    ).toThrow(/order/);
  });
});
