import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { previewImage, SAMPLE_BANNERS, SAMPLE_CATEGORIES, SAMPLE_PRODUCTS } from "../../app/components/preview/preview-samples";
import { SHIPPED_LANGUAGES } from "../../commerce/languages";

// The preview's sample pictures have their words drawn in (scripts/generate-demo-images.ts), one set per language.
const root = join(import.meta.dirname, "../..");

describe("the preview's sample pictures", () => {
  it("are drawn for every shipped language, where the preview asks for them", () => {
    for (const language of SHIPPED_LANGUAGES) {
      const paths = [
        ...SAMPLE_BANNERS.map((banner) => banner.image),
        ...SAMPLE_CATEGORIES.map((category) => category.primary_image!),
        ...SAMPLE_PRODUCTS.map((product) => product.image),
      ].map((path) => previewImage(path, language));
      for (const path of paths) expect(existsSync(join(root, `public${path}`)), `${language}: ${path}`).toBe(true);
      if (language !== "en") for (const path of paths) expect(path).toMatch(new RegExp(`^/demo/preview/${language}/`));
    }
    expect(previewImage("/demo/preview/banner-1.svg", "en-XA")).toBe("/demo/preview/banner-1.svg");
  });
});
