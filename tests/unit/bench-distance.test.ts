import { describe, expect, it } from "vitest";
import { type DistanceRow, modelDistance, ROUND_TRIPS } from "../../scripts/bench/distance";

const row = (flow: string, chain: number, p50AtZeroMs: number, p50AtDelayMs: number): DistanceRow => ({
  flow,
  calls: chain,
  chain,
  p50AtZeroMs,
  p50AtDelayMs,
});

describe("sign in and place order at a distance", () => {
  const rows = [
    row("signed-in /", 1, 10, 160),
    row("sign in (password form)", 2, 20, 330),
    row("place order (cash on delivery)", 2, 15, 310),
  ];

  it("takes the local time plus the chain times each round trip, for the two writes only", () => {
    const trips = [
      { shopper: "Bengaluru", database: "India (apac)", regions: "South India ↔ Central India", ms: 25 },
      { shopper: "Bengaluru", database: "Eastern North America (enam)", regions: "South India ↔ East US", ms: 246 },
    ];
    const [signIn, order] = modelDistance(rows, trips);
    expect(modelDistance(rows, trips)).toHaveLength(2);
    // 20 + 2 × 25 and 20 + 2 × 246; 15 + 2 × 25 and 15 + 2 × 246.
    expect(signIn!.places.map((p) => p.modelMs)).toEqual([70, 512]);
    expect(order!.places.map((p) => p.modelMs)).toEqual([65, 507]);
    // Checked against the run: 20 + 2 × 150 = 320 modelled, 330 measured.
    expect(signIn!.atDelay).toEqual({ delayMs: 150, modelMs: 320, measuredMs: 330 });
  });

  it("uses the published round trips by default, the nearer the smaller", () => {
    const [signIn] = modelDistance(rows);
    expect(signIn!.places).toHaveLength(ROUND_TRIPS.length);
    const bengaluru = ROUND_TRIPS.filter((t) => t.shopper === "Bengaluru").map((t) => t.ms);
    expect(bengaluru).toEqual([...bengaluru].sort((a, b) => a - b));
  });
});
