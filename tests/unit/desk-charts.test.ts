import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contrastRatio, LARGE_TEXT_RATIO, TEXT_RATIO } from "../../commerce/contrast";
import { deskLocale } from "../../commerce/desk/desk-locale";
import { localDay } from "../../commerce/desk/local-day";
import type { PageSpeedRow } from "../../commerce/desk/page-speed";
import { ratingOf } from "../../commerce/desk/page-speed";
import { shapeToday, type TodayNumbers } from "../../commerce/desk/today-numbers";
import { translatorOf } from "../../commerce/i18n/translators";
import type { InterfaceLanguage } from "../../commerce/languages";
import type { CurrencySettings } from "../../commerce/money";
import { PageSpeedFigure } from "../../worker/desk/charts/page-speed-figure";
import { PALETTE, RATING_COLOURS } from "../../worker/desk/charts/palette";
import { TodayPanel } from "../../worker/desk/today/today-panel";

const INR: CurrencySettings = { locale: "en-IN", currencyCode: "INR", decimalPlaces: 2, symbolPlacement: "before" };
const EUR: CurrencySettings = { locale: "de-DE", currencyCode: "EUR", decimalPlaces: 2, symbolPlacement: "after" };
const locale = (language: InterfaceLanguage, currency = INR) => deskLocale(translatorOf(language), language, currency);

const day = localDay(Date.parse("2026-12-05T08:00:00Z"), "Asia/Kolkata");
const busyDay: TodayNumbers = shapeToday(day, "Asia/Kolkata", {
  slots: [
    { slot: 9, orders: 2, revenue: 50_000 },
    { slot: 13, orders: 1, revenue: 19_999 },
  ],
  topByUnits: [
    { productId: 16, name: "Butter Naan", units: 4, revenue: 24_000 },
    { productId: 1, name: "Paneer Tikka", units: 2, revenue: 45_999 },
  ],
  topByRevenue: [
    { productId: 1, name: "Paneer Tikka", units: 2, revenue: 45_999 },
    { productId: 16, name: "Butter Naan", units: 4, revenue: 24_000 },
  ],
  refunds: { count: 1, amount: 12_000 },
});
const quietDay = (refunds = { count: 0, amount: 0 }) =>
  shapeToday(day, "Asia/Kolkata", { slots: [], topByUnits: [], topByRevenue: [], refunds });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u2009\u202f]/g, " ");

/** Each table of the markup: its caption, and its rows as the text of their cells. */
function tables(html: string) {
  return [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map(([, table]) => ({
    caption: text(/<caption[^>]*>([\s\S]*?)<\/caption>/.exec(table!)?.[1] ?? ""),
    rows: [...table!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => text(cell!)),
    ),
  }));
}

/** Each SVG: its accessible name (the title its aria-labelledby names), direction, and its bars (rect x and size). */
function charts(html: string) {
  return [...html.matchAll(/<svg([^>]*)>([\s\S]*?)<\/svg>/g)].map(([, attributes, body]) => {
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(attributes!)?.[1];
    return {
      role: /role="([^"]+)"/.exec(attributes!)?.[1],
      name: text(new RegExp(`<title id="${labelledBy}">([^<]*)</title>`).exec(body!)?.[1] ?? ""),
      direction: /direction="([^"]+)"/.exec(attributes!)?.[1],
      rects: [...body!.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="([^"]+)"/g)].map((m) => ({
        x: Number(m[1]),
        width: Number(m[3]),
        height: Number(m[4]),
        fill: m[5],
      })),
      texts: [...body!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, t]) => text(t!)),
    };
  });
}

describe("today's panel", () => {
  const html = renderToStaticMarkup(createElement(TodayPanel, { numbers: busyDay, locale: locale("en"), today: true }));

  it("says the day's figures: orders, revenue, average order and refunds, in the store's money", () => {
    const said = text(html);
    expect(said).toContain("Today, Saturday, December 5, 2026 (Asia/Kolkata time)");
    expect(said).toMatch(/Orders\s*3/);
    expect(said).toContain("Revenue₹699.99");
    expect(said).toContain("Average order₹233.33");
    expect(said).toContain("Refunds1 refund, ₹120");
  });

  it("draws orders and revenue by hour as named images, a bar for each hour that had orders, as tall as its number", () => {
    const [orders, revenue] = charts(html);
    for (const chart of [orders!, revenue!]) {
      expect(chart.role).toBe("img");
      expect(chart.rects).toHaveLength(2);
      expect(chart.direction).toBe("ltr");
    }
    expect(orders!.name).toBe("Orders by hour, bar chart");
    expect(revenue!.name).toBe("Revenue by hour, bar chart");
    // The orders axis runs to 2 in whole steps: hour 9's two orders fill the plot, hour 13's one half of it.
    expect(orders!.texts.slice(0, 3)).toEqual(["0", "1", "2"]);
    const [nine, thirteen] = orders!.rects;
    expect(nine!.height).toBeGreaterThan(0);
    expect(thirteen!.height).toBeCloseTo(nine!.height / 2, 0);
    // Thirteen hours apart is 4 bands of the 24 further along.
    expect(thirteen!.x - nine!.x).toBeCloseTo((4 * 400) / 24, 0);
    // The revenue axis in the store's money, in round steps past the busiest hour's ₹500.
    expect(revenue!.texts.slice(0, 4)).toEqual(["₹0", "₹200", "₹400", "₹600"]);
    expect(orders!.texts.slice(3)).toEqual(["12 AM", "4 AM", "8 AM", "12 PM", "4 PM", "8 PM"]);
  });

  it("tabulates the hours that had orders beside the charts, with the total", () => {
    const [hours] = tables(html);
    expect(hours!.caption).toBe("Orders and revenue in each hour that had orders");
    expect(hours!.rows).toEqual([
      ["Hour", "Orders", "Revenue"],
      ["9 – 10 AM", "2", "₹500"],
      ["1 – 2 PM", "1", "₹199.99"],
      ["Total", "3", "₹699.99"],
    ]);
    expect(html).toContain('<th scope="col">Hour</th>');
    expect(html).toMatch(/<th scope="row">9\s–\s10\sAM<\/th>/);
  });

  it("draws the top products by units and by revenue, the first bar the longest, and tabulates both figures", () => {
    const [, , byUnits, byRevenue] = charts(html);
    expect(byUnits!.name).toBe("Top products by units sold, bar chart");
    expect(byUnits!.texts).toEqual(["Butter Naan", "4", "Paneer Tikka", "2"]);
    expect(byUnits!.rects[1]!.width).toBeCloseTo(byUnits!.rects[0]!.width / 2, 0);
    expect(byRevenue!.texts).toEqual(["Paneer Tikka", "₹459.99", "Butter Naan", "₹240"]);
    const [, units, revenue] = tables(html);
    expect(units!.caption).toBe("Top products by units sold");
    expect(units!.rows).toEqual([
      ["Product", "Units sold", "Revenue"],
      ["Butter Naan", "4", "₹240"],
      ["Paneer Tikka", "2", "₹459.99"],
    ]);
    expect(revenue!.rows[1]).toEqual(["Paneer Tikka", "2", "₹459.99"]);
  });

  it("gives every element its own id, and names each image by a title that exists", () => {
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const chart of charts(html)) expect(chart.name).not.toBe("");
  });

  it("says there are no orders yet on an empty day, and draws no chart", () => {
    const empty = renderToStaticMarkup(createElement(TodayPanel, { numbers: quietDay(), locale: locale("en"), today: true }));
    expect(text(empty)).toContain("No orders yet today.");
    expect(empty).not.toContain("<svg");
    expect(empty).not.toContain("<table");
    expect(text(empty)).not.toContain("Refunds");
    const refunded = renderToStaticMarkup(
      createElement(TodayPanel, { numbers: quietDay({ count: 2, amount: 30_000 }), locale: locale("en"), today: true }),
    );
    expect(text(refunded)).toContain("Refunds today: 2 refunds, ₹300");
  });

  it("speaks the page's language, keeps the store's money, and draws from the right on a right-to-left page", () => {
    const german = text(renderToStaticMarkup(createElement(TodayPanel, { numbers: busyDay, locale: locale("de", EUR), today: true })));
    expect(german).toContain("Heute, Samstag, 5. Dezember 2026");
    expect(german).toContain("9–10 Uhr");
    expect(german).toContain("Umsatz699,99 €");
    const arabic = renderToStaticMarkup(createElement(TodayPanel, { numbers: busyDay, locale: locale("ar"), today: true }));
    const [orders] = charts(arabic);
    expect(orders!.direction).toBe("rtl");
    expect(orders!.name).toBe("الطلبات حسب الساعة، رسم بياني شريطي");
    // The hours run from the right: 9 o'clock's bar as far from the right edge as it is from the left on the other page.
    const [ltr] = charts(html);
    expect(orders!.rects[0]!.x).toBeGreaterThan(orders!.rects[1]!.x);
    expect(orders!.rects[0]!.x + orders!.rects[0]!.width).toBeCloseTo(480 - ltr!.rects[0]!.x, 1);
  });
});

const speed: PageSpeedRow[] = [
  { kind: "product", metric: "inp", p75: 180, good: 70, needsImprovement: 20, poor: 10, samples: 100 },
  { kind: "home", metric: "cls", p75: 0.31, good: 0.5, needsImprovement: 0.2, poor: 0.3, samples: 40 },
  { kind: "home", metric: "lcp", p75: 2400, good: 160, needsImprovement: 30, poor: 10, samples: 200 },
  { kind: "wishlist", metric: "lcp", p75: 4100, good: 1, needsImprovement: 1, poor: 1, samples: 3 },
];

describe("real shoppers' page speed", () => {
  const html = renderToStaticMarkup(createElement(PageSpeedFigure, { id: "speed", rows: speed, locale: locale("en") }));

  it("rates a 75th percentile by the Core Web Vitals thresholds", () => {
    expect([ratingOf("lcp", 2500), ratingOf("lcp", 2501), ratingOf("lcp", 4001)]).toEqual(["good", "needs_improvement", "poor"]);
    expect([ratingOf("inp", 200), ratingOf("inp", 500), ratingOf("inp", 501)]).toEqual(["good", "needs_improvement", "poor"]);
    expect([ratingOf("cls", 0.1), ratingOf("cls", 0.25), ratingOf("cls", 0.26)]).toEqual(["good", "needs_improvement", "poor"]);
  });

  it("draws a stacked bar per page kind and metric, each share by colour and pattern, with the legend's words", () => {
    const [chart] = charts(html);
    expect(chart!.role).toBe("img");
    expect(chart!.name).toBe("Share of good, needs improvement and poor visits for each kind of page and metric, bar chart");
    expect(chart!.texts.slice(0, 3)).toEqual(["Good", "Needs improvement", "Poor"]);
    // Home before products, LCP before CLS, a kind the desk does not know last, by the name it was reported under.
    expect(chart!.texts.slice(3)).toEqual([
      "Home · LCP",
      "75th percentile 2.4 sec (Good)",
      "Home · CLS",
      "75th percentile 0.31 (Poor)",
      "Products · INP",
      "75th percentile 180 ms (Good)",
      "Pages “wishlist” · LCP",
      "75th percentile 4.1 sec (Poor)",
    ]);
    expect(html).toContain('<pattern id="speed-needs_improvement"');
    expect(html).toContain('<pattern id="speed-poor"');
    // The home's LCP: 80% good, 15% needing improvement, 5% poor, across 464 units; each segment filled its own way.
    const segments = chart!.rects.filter((rect) => rect.height === 18).slice(0, 3);
    expect(segments.map((s) => s.width)).toEqual([371.2, 69.6, 23.2]);
    expect(segments.map((s) => s.fill)).toEqual([RATING_COLOURS.good, "url(#speed-needs_improvement)", "url(#speed-poor)"]);
  });

  it("tabulates each row's 75th percentile with its rating, the shares and the visits", () => {
    const [table] = tables(html);
    expect(table!.caption).toBe("Page speed for real shoppers: the 75th percentile, and the share of visits in each rating");
    expect(table!.rows).toEqual([
      ["Pages and metric", "75th percentile", "Good", "Needs improvement", "Poor", "Visits"],
      ["Home · Largest Contentful Paint (LCP)", "2.4 sec (Good)", "80%", "15%", "5%", "200"],
      ["Home · Cumulative Layout Shift (CLS)", "0.31 (Poor)", "50%", "20%", "30%", "40"],
      ["Products · Interaction to Next Paint (INP)", "180 ms (Good)", "70%", "20%", "10%", "100"],
      ["Pages “wishlist” · Largest Contentful Paint (LCP)", "4.1 sec (Poor)", "34%", "33%", "33%", "3"],
    ]);
    // Wider than a phone: it scrolls in a region named by its caption, which a keyboard can reach.
    expect(html).toContain(
      '<section class="desk-table-scroll" aria-labelledby="speed-caption" tabindex="0"><table><caption id="speed-caption">',
    );
  });

  it("says when a day has no reports, instead of drawing an empty chart", () => {
    const empty = renderToStaticMarkup(createElement(PageSpeedFigure, { id: "speed", rows: [], locale: locale("en") }));
    expect(text(empty)).toBe("No page speed reports for this day yet.");
  });
});

describe("the charts' colours", () => {
  it("keep 3:1 for every bar and segment and 4.5:1 for text on the page's white", () => {
    for (const bar of [PALETTE.count, PALETTE.money, PALETTE.axis, ...Object.values(RATING_COLOURS)]) {
      expect(contrastRatio(bar, PALETTE.background)).toBeGreaterThanOrEqual(LARGE_TEXT_RATIO);
    }
    for (const ink of [PALETTE.text, PALETTE.muted]) expect(contrastRatio(ink, PALETTE.background)).toBeGreaterThanOrEqual(TEXT_RATIO);
  });
});
