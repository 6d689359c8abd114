import { contrastRatio, mix, readableAsText, readableSurface, TEXT_RATIO, WHITE } from "./contrast";

/**
 * The store's colour settings turned into colours that stay readable: the theme (commerce/store-theme.ts) draws
 * with them and the importer warns with the adjustments. See docs/decisions/023-readable-store-colours.md.
 */

export interface StoreColourSettings {
  storeBgColor?: string;
  storeTextOnBgColor?: string;
  storeTextColor?: string;
}

export interface ReadableColours {
  /** The primary as a fill under text (the nav, filled buttons): the store's colour, or a shade of it. */
  brand: string;
  /** Text and icons on `brand`. */
  brandOn: string;
  /** The primary as text on white, the page and the light tints (links, outlined buttons, prices). */
  brandText: string;
  /** Body text, on white, the page and the light tints. */
  ink: string;
  /** The light tints of `brand` over white (share 0.05-0.2), the page background being the 5% one. */
  tints: Record<5 | 10 | 15 | 20, string>;
  /** A control on `brand` (the nav's search and cart pills), and hovered: shaded away from `brandOn`. */
  raised: string;
  raisedHover: string;
  adjustments: ColourAdjustment[];
}

/** One setting that did not pass where it is used, for the importer's warning. */
export interface ColourAdjustment {
  setting: keyof StoreColourSettings;
  /** What the owner's colour reached where it is used, and what it needed. */
  ratio: number;
  required: number;
  /** The colour used instead. */
  becomes: string;
  where: string;
}

export const DEFAULT_COLOURS = { brand: "#4f46e5", onBrand: WHITE, ink: "#1f2937" } as const;

// The tints the theme offers; text sits on at most 15% of the primary (--brand-a10 over the 5% page is 14.5%),
// the 20% ones are fills without text.
const TINT_SHARES = [5, 10, 15, 20] as const;
const TEXT_TINTS = [5, 10, 15] as const;

function valid(value: string | undefined): value is string {
  return value !== undefined && /^#[0-9a-f]{6}$/i.test(value);
}

export function readableStoreColours(settings: StoreColourSettings): ReadableColours {
  const adjustments: ColourAdjustment[] = [];
  // Lower case, as the shading returns its colours, so "unchanged" is a plain comparison.
  const primary = (valid(settings.storeBgColor) ? settings.storeBgColor : DEFAULT_COLOURS.brand).toLowerCase();
  const preferredOn = (valid(settings.storeTextOnBgColor) ? settings.storeTextOnBgColor : DEFAULT_COLOURS.onBrand).toLowerCase();

  const surface = readableSurface(primary, TEXT_RATIO, preferredOn);
  if (surface.text !== preferredOn) {
    adjustments.push({
      setting: "storeTextOnBgColor",
      ratio: contrastRatio(preferredOn, primary),
      required: TEXT_RATIO,
      becomes: surface.text,
      where: `as text on storeBgColor ${primary}`,
    });
  }
  if (surface.background !== primary) {
    adjustments.push({
      setting: "storeBgColor",
      ratio: contrastRatio(surface.text, primary),
      required: TEXT_RATIO,
      becomes: surface.background,
      where: `under the nav's and buttons' text ${surface.text}`,
    });
  }

  const tints = Object.fromEntries(
    TINT_SHARES.map((share) => [share, mix(WHITE, surface.background, share / 100)]),
  ) as ReadableColours["tints"];
  const lightSurfaces = [WHITE, ...TEXT_TINTS.map((share) => tints[share])];

  const brandText = readableAsText(surface.background, lightSurfaces);
  if (brandText !== surface.background) {
    adjustments.push({
      setting: "storeBgColor",
      ratio: Math.min(...lightSurfaces.map((bg) => contrastRatio(surface.background, bg))),
      required: TEXT_RATIO,
      becomes: brandText,
      where: "as link and price text on white and the page",
    });
  }

  const ownInk = (valid(settings.storeTextColor) ? settings.storeTextColor : DEFAULT_COLOURS.ink).toLowerCase();
  const ink = readableAsText(ownInk, lightSurfaces);
  if (ink !== ownInk) {
    adjustments.push({
      setting: "storeTextColor",
      ratio: Math.min(...lightSurfaces.map((bg) => contrastRatio(ownInk, bg))),
      required: TEXT_RATIO,
      becomes: ink,
      where: "as body text on white and the page",
    });
  }

  return {
    brand: surface.background,
    brandOn: surface.text,
    brandText,
    ink,
    tints,
    raised: raisedOn(surface.background, surface.text, 0.15),
    raisedHover: raisedOn(surface.background, surface.text, 0.25),
    adjustments,
  };
}

/** `brand` shaded away from its text, so a control drawn on it reads at least as well as the bar. */
function raisedOn(brand: string, text: string, share: number): string {
  return mix(brand, contrastRatio(text, WHITE) < contrastRatio(text, "#000000") ? "#000000" : WHITE, share);
}
