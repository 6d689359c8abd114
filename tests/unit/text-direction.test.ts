import { describe, expect, it } from "vitest";
import { textDirection } from "../../commerce/text-direction";

describe("textDirection", () => {
  it.each(["ar", "ar-AE", "he", "he-IL", "iw", "fa", "fa-IR", "ur", "ur-PK", "ps", "sd", "ug", "yi", "ckb", "dv", "AR-ae", "ar_SA"])(
    "runs %s right to left",
    (tag) => expect(textDirection(tag)).toBe("rtl"),
  );

  it.each(["en", "en-US", "de-DE", "hi-IN", "fr", "ja", "zh-Hant-TW", "tr", "sw", "", "x"])("runs %s left to right", (tag) =>
    expect(textDirection(tag)).toBe("ltr"),
  );

  it("follows a tag's script over its language", () => {
    expect(textDirection("az-Arab")).toBe("rtl");
    expect(textDirection("pa-Arab-PK")).toBe("rtl");
    expect(textDirection("ku-Arab")).toBe("rtl");
    expect(textDirection("ku-Latn")).toBe("ltr");
    expect(textDirection("ar-Latn")).toBe("ltr");
    expect(textDirection("uz-Cyrl")).toBe("ltr");
  });

  it("reads whole subtags: a language that starts like a right-to-left one is its own", () => {
    // Mapudungun, Aragonese and Hebrew's neighbours in the alphabet are written left to right.
    expect(textDirection("arn")).toBe("ltr");
    expect(textDirection("an")).toBe("ltr");
    expect(textDirection("her")).toBe("ltr");
    expect(textDirection("ar-Arabx")).toBe("rtl");
    expect(textDirection("en-arabic")).toBe("ltr");
  });

  it("is not fooled by a region that looks like a language", () => {
    // "AR" is Argentina here, "HE" no region at all: only the first subtag is the language.
    expect(textDirection("es-AR")).toBe("ltr");
    expect(textDirection("en-HE")).toBe("ltr");
  });
});
