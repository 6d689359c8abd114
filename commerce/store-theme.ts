import { parseColour } from "./contrast";
import { type ReadableColours, readableStoreColours } from "./store-colours";

/**
 * The store's colours as CSS variables. Every foreground is derived from the background it sits on
 * (commerce/store-colours.ts, docs/decisions/023-readable-store-colours.md): --brand fills, --brand-on is
 * text on it, --brand-text is the primary as text on light surfaces, --ink body text; the tints (--brand-s*,
 * mixed onto white, and --brand-a*, translucent) and the nav's pills (--brand-raised*) are backgrounds.
 */
export interface ThemeColours extends Omit<ReadableColours, "adjustments"> {
  /** Review stars (plugin_product_reviews_star_color): decorative, their count is also text. */
  star: string;
}

const STAR_FALLBACK = "#f59e0b";

export function themeColours(settings: Readonly<Record<string, string | undefined>>): ThemeColours {
  const { adjustments: _, ...readable } = readableStoreColours(settings);
  const star = settings.plugin_product_reviews_star_color;
  return { ...readable, star: star && /^#[0-9a-f]{6}$/i.test(star) ? star : STAR_FALLBACK };
}

export function themeVariables(colours: ThemeColours): Record<string, string> {
  const [r, g, b] = parseColour(colours.brand) ?? [0, 0, 0];
  return {
    "--brand": colours.brand,
    "--brand-on": colours.brandOn,
    "--brand-text": colours.brandText,
    "--ink": colours.ink,
    "--star": colours.star,
    "--brand-a10": `rgb(${r} ${g} ${b} / 0.1)`,
    "--brand-a20": `rgb(${r} ${g} ${b} / 0.2)`,
    "--brand-s5": colours.tints[5],
    "--brand-s10": colours.tints[10],
    "--brand-s15": colours.tints[15],
    "--brand-s20": colours.tints[20],
    "--brand-raised": colours.raised,
    "--brand-raised-hover": colours.raisedHover,
  };
}
