import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  LARGE_TEXT_RATIO,
  luminance,
  mix,
  NEAR_BLACK,
  parseColour,
  readableAsText,
  readableOn,
  readableSurface,
  TEXT_RATIO,
  WHITE,
} from "../../commerce/contrast";
import { readableStoreColours } from "../../commerce/store-colours";

const DEMO_STORES = ["food", "retail", "new", "souq"].map((slug) => {
  const file = JSON.parse(readFileSync(`stores/${slug}.json`, "utf8")) as { settings: Record<string, string> };
  return { slug, settings: file.settings };
});

// The owner choices the theme must survive: extremes, a mid grey, and the failing orange.
const EXTREMES = ["#ffffff", "#000000", "#ffff00", "#808080", "#777777", "#cb5e30", "#00ff00", "#0000ff"];

describe("WCAG contrast", () => {
  it("matches the reference values", () => {
    expect(luminance("#ffffff")).toBeCloseTo(1, 5);
    expect(luminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // Values from the issue and from WebAIM's checker.
    expect(contrastRatio("#ffffff", "#cb5e30")).toBeCloseTo(4.05, 2);
    expect(contrastRatio("#9ca3af", "#ffffff")).toBeCloseTo(2.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffff00", "#ffffff")).toBeCloseTo(1.07, 2);
  });

  it("is symmetric", () => {
    expect(contrastRatio("#123456", "#abcdef")).toBe(contrastRatio("#abcdef", "#123456"));
  });

  it("parses hex and the rgb strings getComputedStyle returns", () => {
    expect(parseColour("#c2410c")).toEqual([194, 65, 12]);
    expect(parseColour("#fff")).toEqual([255, 255, 255]);
    expect(parseColour("rgb(17, 24, 39)")).toEqual([17, 24, 39]);
    expect(parseColour("rgba(255, 255, 0, 0.5)")).toEqual([255, 255, 0]);
    expect(parseColour("rgb(1 2 3 / 0.1)")).toEqual([1, 2, 3]);
    expect(parseColour("red;}")).toBeNull();
  });

  it("mixes toward a target", () => {
    expect(mix("#ff0000", "#ffffff", 0)).toBe("#ff0000");
    expect(mix("#ff0000", "#ffffff", 1)).toBe("#ffffff");
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});

describe("readableOn", () => {
  it("keeps the store's own text colour when it passes", () => {
    expect(readableOn("#4f46e5", TEXT_RATIO, "#ffffff")).toBe("#ffffff");
    expect(readableOn("#ffff00", TEXT_RATIO, "#000000")).toBe("#000000");
  });

  it("picks white or near-black when the store's choice fails", () => {
    expect(readableOn("#ffff00", TEXT_RATIO, "#ffffff")).toBe(NEAR_BLACK);
    expect(readableOn("#ffffff", TEXT_RATIO, "#ffffff")).toBe(NEAR_BLACK);
    expect(readableOn("#000000", TEXT_RATIO, "#111111")).toBe(WHITE);
  });

  it("returns null when neither passes, and 3:1 is easier to meet", () => {
    expect(readableOn("#808080", TEXT_RATIO)).toBeNull();
    expect(readableOn("#808080", LARGE_TEXT_RATIO)).not.toBeNull();
  });
});

describe("readableSurface", () => {
  it.each(EXTREMES)("finds a passing surface for %s", (colour) => {
    for (const preferred of [WHITE, "#000000", undefined]) {
      const { background, text } = readableSurface(colour, TEXT_RATIO, preferred);
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
  });

  it("keeps the colour when a text colour passes on it", () => {
    expect(readableSurface("#ffff00", TEXT_RATIO, WHITE)).toEqual({ background: "#ffff00", text: NEAR_BLACK });
  });

  it("shades a mid-tone as little as needed, keeping the store's text colour", () => {
    const { background, text } = readableSurface("#cb5e30", TEXT_RATIO, WHITE);
    expect(text).toBe(WHITE);
    expect(luminance(background)).toBeLessThan(luminance("#cb5e30"));
    // Half the change would not have passed: the shade is the least that does.
    expect(contrastRatio(WHITE, mix("#cb5e30", background, 0.5))).toBeLessThan(TEXT_RATIO);
  });
});

describe("readableAsText", () => {
  it("darkens a light colour until it passes on every background", () => {
    const text = readableAsText("#ffff00", [WHITE, "#fffff2"]);
    expect(contrastRatio(text, WHITE)).toBeGreaterThanOrEqual(TEXT_RATIO);
    expect(contrastRatio(text, "#fffff2")).toBeGreaterThanOrEqual(TEXT_RATIO);
  });

  it("leaves a colour that passes unchanged", () => {
    expect(readableAsText("#4f46e5", [WHITE])).toBe("#4f46e5");
  });
});

describe("readableStoreColours", () => {
  const owners = [
    ...DEMO_STORES.map(({ slug, settings }) => ({ name: `demo store ${slug}`, settings })),
    ...EXTREMES.map((colour) => ({
      name: colour,
      settings: { storeBgColor: colour, storeTextOnBgColor: WHITE, storeTextColor: "#111827" },
    })),
    { name: "light ink", settings: { storeBgColor: "#4f46e5", storeTextOnBgColor: WHITE, storeTextColor: "#bbbbbb" } },
  ];

  it.each(owners)("every foreground passes 4.5:1 on its backgrounds: $name", ({ settings }) => {
    const colours = readableStoreColours(settings);
    expect(contrastRatio(colours.brandOn, colours.brand)).toBeGreaterThanOrEqual(TEXT_RATIO);
    expect(contrastRatio(colours.brandOn, colours.raised)).toBeGreaterThanOrEqual(TEXT_RATIO);
    expect(contrastRatio(colours.brandOn, colours.raisedHover)).toBeGreaterThanOrEqual(TEXT_RATIO);
    for (const light of [WHITE, colours.tints[5], colours.tints[10], colours.tints[15]]) {
      expect(contrastRatio(colours.brandText, light)).toBeGreaterThanOrEqual(TEXT_RATIO);
      expect(contrastRatio(colours.ink, light)).toBeGreaterThanOrEqual(TEXT_RATIO);
      // The greys the app uses for secondary text (gray-600) and placeholders.
      expect(contrastRatio("#4b5563", light)).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
  });

  it("keeps the demo stores' nav colours as the owners chose them", () => {
    for (const { settings } of DEMO_STORES) {
      const colours = readableStoreColours(settings);
      expect(colours.brand).toBe(settings.storeBgColor!.toLowerCase());
      expect(colours.brandOn).toBe(settings.storeTextOnBgColor!.toLowerCase());
      expect(colours.adjustments.filter((a) => a.setting === "storeTextOnBgColor")).toEqual([]);
    }
  });

  it("reports each adjustment with the setting and the ratio it reached", () => {
    const { adjustments } = readableStoreColours({ storeBgColor: "#ffff00", storeTextOnBgColor: "#ffffff" });
    const onBrand = adjustments.find((a) => a.setting === "storeTextOnBgColor");
    expect(onBrand).toMatchObject({ required: TEXT_RATIO, becomes: NEAR_BLACK });
    expect(onBrand!.ratio).toBeCloseTo(1.07, 2);
    expect(adjustments.some((a) => a.setting === "storeBgColor")).toBe(true);
  });

  it("makes no adjustment for colours that pass everywhere", () => {
    expect(readableStoreColours({ storeBgColor: "#4f46e5", storeTextOnBgColor: "#ffffff", storeTextColor: "#111827" }).adjustments).toEqual(
      [],
    );
  });

  it("falls back to the default colours for malformed settings", () => {
    expect(readableStoreColours({ storeBgColor: "red;}" }).brand).toBe("#4f46e5");
  });
});
