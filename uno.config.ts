import { defineConfig, presetWind3 } from "unocss";

/**
 * The design system. Store colours arrive as CSS variables set from the store's settings (app/lib/theme.ts),
 * so one stylesheet serves every store.
 */
export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      // Flat keys: presetWind3 does not resolve nested keys that mix letters and digits (brand.a10).
      brand: { DEFAULT: "var(--brand)", on: "var(--brand-on)" },
      "brand-a10": "var(--brand-a10)",
      "brand-a20": "var(--brand-a20)",
      "brand-s5": "var(--brand-s5)",
      "brand-s10": "var(--brand-s10)",
      "brand-s15": "var(--brand-s15)",
      "brand-s20": "var(--brand-s20)",
      ink: "var(--ink)",
    },
  },
  shortcuts: {
    btn: "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors disabled:opacity-50",
    "btn-brand": "btn bg-brand text-brand-on hover:opacity-90",
    "btn-outline": "btn border border-brand text-brand bg-white hover:bg-brand-a10",
    card: "rounded-xl bg-white shadow-sm ring-1 ring-black/5",
    "section-title": "text-lg font-semibold text-ink mb-3",
    strip: "flex gap-3 overflow-x-auto snap-x snap-mandatory pb-2 [scrollbar-width:thin]",
  },
  content: {
    pipeline: {
      include: [/\.(tsx?|jsx?|mdx?|html)($|\?)/],
    },
  },
});
