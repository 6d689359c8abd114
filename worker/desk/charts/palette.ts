import type { Rating } from "../../../commerce/desk/page-speed";

/**
 * The desk's chart colours, on the white of the desk's page. Every bar and segment keeps WCAG's 3:1 for graphics
 * against it and text 4.5:1 (tests/unit/desk-charts.test.ts); no chart says anything by colour alone: bars carry their
 * labels, and the stacked bars' ratings a pattern each and a legend.
 */
export const PALETTE = {
  background: "#ffffff",
  text: "#111827",
  muted: "#374151",
  axis: "#6b7280",
  grid: "#e5e7eb",
  /** Things counted: orders, units. */
  count: "#1d4ed8",
  /** Money: revenue. */
  money: "#0f766e",
} as const;

/** Each rating's colour: green, amber and red, each dark enough for 3:1. */
export const RATING_COLOURS: Record<Rating, string> = {
  good: "#15803d",
  needs_improvement: "#b45309",
  poor: "#b91c1c",
};
