import { describe, expect, it } from "vitest";
import { seoMeta } from "../../app/lib/seo";
import { themeColours, themeVariables } from "../../commerce/store-theme";

describe("theme colours", () => {
  it("derives 10%/20% alpha and solid 5-20% tints from storeBgColor", () => {
    const vars = themeVariables(themeColours({ storeBgColor: "#ff0000", storeTextOnBgColor: "#000000" }));
    expect(vars["--brand"]).toBe("#ff0000");
    expect(vars["--brand-on"]).toBe("#000000");
    expect(vars["--brand-a10"]).toBe("rgb(255 0 0 / 0.1)");
    expect(vars["--brand-a20"]).toBe("rgb(255 0 0 / 0.2)");
    expect(vars["--brand-s5"]).toBe("#fff2f2");
    expect(vars["--brand-s20"]).toBe("#ffcccc");
  });

  it("derives the text colours from their backgrounds", () => {
    const vars = themeVariables(themeColours({ storeBgColor: "#ffff00", storeTextOnBgColor: "#ffffff", storeTextColor: "#cccccc" }));
    expect(vars["--brand"]).toBe("#ffff00");
    expect(vars["--brand-on"]).toBe("#111827");
    expect(vars["--brand-text"]).not.toBe("#ffff00");
    expect(vars["--ink"]).not.toBe("#cccccc");
  });

  it("ignores a malformed colour", () => {
    expect(themeColours({ storeBgColor: "red;}" }).brand).toBe("#4f46e5");
  });
});

describe("seoMeta", () => {
  const settings = {
    seoProductTitlePrefix: "Buy ",
    seoProductTitleSuffix: " | Shop",
    seoProductDescriptionPrefix: "Fresh: ",
    seoCategoryTitleSuffix: " - Aisle",
    seo_meta_description: "The shop",
  };
  it("is prefix + text + suffix by page kind", () => {
    expect(seoMeta(settings, "product", { title: "Naan", description: "Soft bread" })).toEqual({
      title: "Buy Naan | Shop",
      description: "Fresh: Soft bread",
    });
    expect(seoMeta(settings, "category", { title: "Breads" }).title).toBe("Breads - Aisle");
    expect(seoMeta(settings, "general", { title: "Search" })).toEqual({ title: "Search", description: "The shop" });
  });
});
