import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDay } from "../../commerce/desk/local-day";
import { PAGE_KINDS, pageKindOf } from "../../commerce/page-beacon";
import { type BucketCount, bucketCount, bucketOf, METRICS, type Metric, SCALES, speedSummary } from "../../commerce/page-speed";

/** A histogram of the values given, as the table keeps it. */
function histogram(metric: Metric, values: number[]): BucketCount[] {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(bucketOf(metric, value), (counts.get(bucketOf(metric, value)) ?? 0) + 1);
  return [...counts].map(([bucket, count]) => ({ bucket, count }));
}

describe("the page-speed buckets", () => {
  // Stored rows name buckets by number: these may never change (decision 084).
  it("are the edges the stored rows were counted with", () => {
    expect(SCALES.lcp.edges).toEqual([
      93, 118, 149, 188, 238, 302, 381, 483, 610, 772, 977, 1235, 1563, 1976, 2500, 3162, 4000, 5060, 6400, 8095, 10240, 12953, 16384,
      20724, 26214, 33159, 41943, 53054,
    ]);
    expect(SCALES.inp.edges).toEqual([
      8, 10, 13, 16, 20, 25, 32, 40, 51, 64, 80, 101, 126, 159, 200, 251, 316, 398, 500, 629, 791, 994, 1250, 1572, 1976, 2485, 3125, 3929,
      4941, 6213, 7813, 9824,
    ]);
    expect(SCALES.cls.edges).toEqual([
      0.001, 0.0013, 0.0016, 0.002, 0.0026, 0.0032, 0.004, 0.0051, 0.0064, 0.008, 0.0101, 0.0127, 0.016, 0.0201, 0.0253, 0.0318, 0.04,
      0.0503, 0.0632, 0.0795, 0.1, 0.1257, 0.1581, 0.1988, 0.25, 0.3144, 0.3953, 0.497, 0.625, 0.7859, 0.9882, 1.2426, 1.5625, 1.9647,
      2.4705, 3.1065, 3.9063, 4.9118,
    ]);
    // The migration's CHECK (bucket BETWEEN 0 AND 38) holds every metric's buckets.
    expect(METRICS.map(bucketCount)).toEqual([29, 33, 39]);
  });

  it.each(METRICS)("for %s, rise by one ratio, and have the good and poor thresholds as edges", (metric) => {
    const { edges, good, poor } = SCALES[metric];
    expect(edges).toContain(good);
    expect(edges).toContain(poor);
    const ratios = edges.slice(1).map((edge, i) => edge / edges[i]!);
    // Rounding the small edges to whole ms (or 4 places) moves their ratio a little from the exact one, 1.26.
    for (const ratio of ratios) expect(ratio).toBeGreaterThan(1.15);
    for (const ratio of ratios) expect(ratio).toBeLessThan(1.35);
  });

  it("put a threshold in the bucket below it, and anything past it in the next", () => {
    const good = SCALES.lcp.edges.indexOf(2500);
    expect(bucketOf("lcp", 2500)).toBe(good);
    expect(bucketOf("lcp", 2500.4)).toBe(good + 1);
    expect(bucketOf("lcp", 4000)).toBe(good + 2);
    expect(bucketOf("inp", 200)).toBe(SCALES.inp.edges.indexOf(200));
    expect(bucketOf("inp", 201)).toBe(SCALES.inp.edges.indexOf(200) + 1);
    expect(bucketOf("cls", 0.1)).toBe(SCALES.cls.edges.indexOf(0.1));
    expect(bucketOf("cls", 0.25)).toBe(SCALES.cls.edges.indexOf(0.25));
    expect(bucketOf("cls", 0.2501)).toBe(SCALES.cls.edges.indexOf(0.25) + 1);
  });

  it("put 0 in the first bucket and anything past the last edge in the last", () => {
    for (const metric of METRICS) {
      expect(bucketOf(metric, 0)).toBe(0);
      expect(bucketOf(metric, 1e9)).toBe(bucketCount(metric) - 1);
    }
  });
});

describe("speedSummary", () => {
  it("has nothing to say of no samples", () => {
    expect(speedSummary("lcp", [])).toBeNull();
    expect(speedSummary("lcp", [{ bucket: 3, count: 0 }])).toBeNull();
  });

  it("shares out good, needs improvement and poor exactly, the thresholds counted as web.dev counts them", () => {
    // ≤ 2500 good, ≤ 4000 needs improvement, above poor.
    const summary = speedSummary("lcp", histogram("lcp", [800, 2500, 2501, 4000, 4001, 9000, 1200, 1500]));
    expect(summary).toMatchObject({ good: 0.5, needsImprovement: 0.25, poor: 0.25, samples: 8 });
    expect(speedSummary("cls", histogram("cls", [0, 0, 0.1, 0.25]))).toMatchObject({ good: 0.75, needsImprovement: 0.25, poor: 0 });
    expect(speedSummary("inp", histogram("inp", [501]))).toMatchObject({ good: 0, needsImprovement: 0, poor: 1, samples: 1 });
  });

  it("reads the 75th percentile within its bucket, spreading a bucket's samples evenly", () => {
    // Ranks 1–3 in the three lowest of these buckets; rank 3 (0.75 × 4) is the only sample of (2500, 3162].
    expect(speedSummary("lcp", histogram("lcp", [1000, 2000, 3000, 5000]))?.p75).toBe(3162);
    // One sample in (500, 629]: three quarters of the way up it.
    expect(speedSummary("inp", histogram("inp", [600]))?.p75).toBe(597);
    // Four samples in (0, 8]: the third of them.
    expect(speedSummary("inp", histogram("inp", [1, 2, 3, 4]))?.p75).toBe(6);
    expect(speedSummary("cls", histogram("cls", [0.05]))?.p75).toBe(0.0477);
  });

  it("keeps a 75th percentile just past a threshold past it when rounded", () => {
    // Rank 77.25 is a quarter of the way into 26 samples of (200, 251]: 200.49 ms, which whole would read as good.
    const values = [...Array<number>(77).fill(150), ...Array<number>(26).fill(201)];
    expect(speedSummary("inp", histogram("inp", values))).toMatchObject({ p75: 201, good: 77 / 103 });
  });

  it("says at least the last edge when the 75th percentile is in the open bucket", () => {
    expect(speedSummary("lcp", histogram("lcp", [90_000, 120_000]))?.p75).toBe(53054);
  });

  it("ignores buckets the metric does not have", () => {
    expect(speedSummary("lcp", [{ bucket: 99, count: 5 }])).toBeNull();
    expect(speedSummary("lcp", [{ bucket: -1, count: 5 }, ...histogram("lcp", [1000])])?.samples).toBe(1);
  });

  it("is on the same side of each threshold as the samples: p75 is good exactly when 75% are good", () => {
    const metric = fc.constantFrom(...METRICS);
    // Many samples just past a threshold are the case rounding could carry back across it.
    const near = fc.constantFrom(0, 200, 201, 250, 500, 501, 2500, 2501, 4000, 4001, 60_000);
    const value = fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true }), near);
    fc.assert(
      fc.property(metric, fc.array(value, { minLength: 1, maxLength: 400 }), (m, raw) => {
        const values = raw.map((value) => (m === "cls" ? value / 10_000 : value));
        const summary = speedSummary(m, histogram(m, values))!;
        const { good, poor } = SCALES[m];
        expect(summary.samples).toBe(values.length);
        expect(summary.good + summary.needsImprovement + summary.poor).toBeCloseTo(1, 10);
        expect(summary.p75 <= good).toBe(summary.good >= 0.75);
        expect(summary.p75 > poor).toBe(summary.poor > 0.25);
      }),
    );
  });
});

describe("page kinds", () => {
  // Every route file of the storefront, by its route id (`routes/<file name>`): a new route lands in `other` until
  // it is named here and in commerce/page-beacon.ts.
  const KINDS: Record<string, string> = {
    _index: "home",
    "category.$slug": "category",
    "product.$slug": "product",
    "product.reviews.$productId": "product",
    search: "search",
    "cart._index": "cart",
    "cart.discounts": "cart",
    checkout: "checkout",
    "checkout_.pay.$orderId": "checkout",
    "checkout_.continue.$token": "checkout",
    "order-placed.$orderId": "checkout",
    login: "account",
    register: "account",
    "forgot-password": "account",
    "track-order.$orderId": "account",
    "refer-a-friend": "account",
    "r.$code": "account",
    "page.$slug": "content",
    $: "other",
    "404": "other",
    location: "other",
    "cookie-consent": "other",
    "robots[.]txt": "other",
    "sitemap.pages": "other",
    "sitemap.products.$file": "other",
    "sitemap[.]xml": "other",
  };

  it("name every storefront route's kind from its route id, never its address", () => {
    const routes = readdirSync("app/routes")
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => file.replace(/\.tsx?$/, ""))
      .filter((route) => !route.startsWith("admin"));
    for (const route of routes) {
      const expected = route.startsWith("account.") ? "account" : KINDS[route];
      expect(expected, `routes/${route} has no kind in this test`).toBeDefined();
      expect(pageKindOf(`routes/${route}`), route).toBe(expected);
    }
    expect(new Set(routes.map((route) => pageKindOf(`routes/${route}`)))).toEqual(new Set(PAGE_KINDS));
  });

  it("call anything else other", () => {
    expect(pageKindOf(undefined)).toBe("other");
    expect(pageKindOf("root")).toBe("other");
    expect(pageKindOf("routes/constructor")).toBe("other");
    expect(pageKindOf("/product/paneer-tikka")).toBe("other");
  });
});

describe("the day a beacon counts in (localDay)", () => {
  it("is the calendar day in the store's time zone", () => {
    const at = new Date("2026-03-01T20:00:00Z");
    expect(localDay(at.getTime(), "UTC").date).toBe("2026-03-01");
    expect(localDay(at.getTime(), "Asia/Kolkata").date).toBe("2026-03-02");
    expect(localDay(new Date("2026-03-02T03:00:00Z").getTime(), "America/New_York").date).toBe("2026-03-01");
  });
});
