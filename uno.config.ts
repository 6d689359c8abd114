import { defineConfig, presetWind3 } from "unocss";

/**
 * The design system. Store colours arrive as CSS variables set from the store's settings (app/lib/theme.ts),
 * so one stylesheet serves every store.
 */
export default defineConfig({
  presets: [presetWind3()],
  theme: {
    // The defaults plus `desktop`: the spec's mobile layout runs up to 768 px inclusive.
    breakpoints: { sm: "640px", md: "768px", desktop: "769px", lg: "1024px", xl: "1280px", "2xl": "1536px" },
    colors: {
      // Flat keys: presetWind3 does not resolve nested keys that mix letters and digits (brand.a10).
      brand: { DEFAULT: "var(--brand)", on: "var(--brand-on)" },
      "brand-a10": "var(--brand-a10)",
      "brand-a20": "var(--brand-a20)",
      "brand-s5": "var(--brand-s5)",
      "brand-s10": "var(--brand-s10)",
      "brand-s15": "var(--brand-s15)",
      "brand-s20": "var(--brand-s20)",
      // The nav's pills: the primary shaded away from its text (commerce/store-colours.ts).
      "brand-raised": "var(--brand-raised)",
      "brand-raised-hover": "var(--brand-raised-hover)",
      ink: "var(--ink)",
      star: "var(--star)",
    },
  },
  // The primary drawn on light surfaces (text, borders) is --brand-text: the store's colour or the darker shade
  // of it that passes 4.5:1 there; --brand stays the fill. These rules win over the theme colour's own.
  // docs/decisions/023-readable-store-colours.md
  rules: [
    [/^text-brand$/, () => ({ color: "var(--brand-text)" })],
    [/^border-brand$/, () => ({ "border-color": "var(--brand-text)" })],
  ],
  shortcuts: {
    btn: "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors disabled:opacity-50",
    "btn-brand": "btn bg-brand text-brand-on hover:opacity-90",
    "btn-outline": "btn border border-brand text-brand bg-white hover:bg-brand-a10",
    card: "rounded-xl bg-white shadow-sm ring-1 ring-black/5",
    "section-title": "text-lg font-semibold text-ink mb-3",
    // Store-owner HTML (custom blocks, content pages): readable defaults for the tags the sanitizer allows.
    "store-html":
      "text-ink [&_a]:text-brand [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:mt-4 [&_h3]:font-semibold [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-5 [&_ol]:list-decimal [&_ol]:ps-5",
    // One choice in the product options: a radio chip or a checkbox row; data-disabled greys it out.
    "option-chip":
      "inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm cursor-pointer has-[:checked]:border-brand has-[:checked]:bg-brand-a10 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40 data-[disabled]:line-through",
    "option-row":
      "flex items-center gap-3 rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm cursor-pointer has-[:checked]:border-brand has-[:checked]:bg-brand-a10 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40",
    // A non-home route on desktop, above the home page.
    "route-dialog": "max-h-[90vh] overflow-y-auto overscroll-contain rounded-2xl bg-brand-s5 shadow-2xl outline-none",
    // The options drawer: a bottom sheet up to 768 px (80vh), a centred dialog above (500 px, 85vh).
    "options-drawer":
      "w-full max-h-[80vh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-2xl desktop:max-w-[500px] desktop:max-h-[85vh] desktop:rounded-2xl",
    // The location drawer: from the start edge (DrawerFrame's placement), the whole height; the full width on a phone.
    "location-drawer": "flex h-full w-full max-w-[420px] flex-col gap-4 overflow-y-auto overscroll-contain bg-white p-4 shadow-2xl",
    strip: "flex gap-3 overflow-x-auto snap-x snap-mandatory pb-2 [scrollbar-width:thin]",
  },
  preflights: [
    {
      // Visible focus on every control (WCAG 2.4.7): the text colour, so it shows on white cards and on the brand bar
      // alike. A <main> focused by the skip link is a landmark, not a control: no ring around the whole page.
      getCSS: () =>
        ":focus-visible{outline:2px solid currentColor;outline-offset:2px}main:focus{outline:none}" +
        // Carousels and smooth scrolling stay still for shoppers who ask for less motion (WCAG 2.3.3).
        "@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}}",
    },
    // The nav's search form on a phone (app/components/shell/nav-search.tsx): out of sight, though still reachable, until
    // the keyboard is in it or, without JavaScript, its link made it the target.
    {
      getCSS: () =>
        "@media (max-width:767.98px){.nav-search:not(:target,:focus-within){position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0}}",
    },
    // Placeholders are read as hints: gray-600 passes 4.5:1 on white and the page (the reset's gray-400 does not).
    { getCSS: () => "input::placeholder,textarea::placeholder{color:#4b5563;opacity:1}" },
  ],
  content: {
    // The plugins' no-JavaScript markup is rendered on the server only (app/components/plugins/store-plugins.server.tsx), so the client
    // build never sees its modules: their classes are read from the files.
    filesystem: ["app/components/plugins/*.tsx"],
    pipeline: {
      include: [/\.(tsx?|jsx?|mdx?|html)($|\?)/],
    },
  },
});
