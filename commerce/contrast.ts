/**
 * Contrast between colours, as WCAG 2.x defines it (relative luminance, ratio from 1:1 to 21:1), and the
 * choices the theme makes with it: store colours are owner input, so every foreground is derived from the
 * background it sits on. See docs/decisions/023-readable-store-colours.md.
 */

export type Rgb = readonly [number, number, number];

/** WCAG AA: body text. */
export const TEXT_RATIO = 4.5;
/** WCAG AA: large text (24 px, or 18.66 px bold) and the parts of controls. */
export const LARGE_TEXT_RATIO = 3;

export const WHITE = "#ffffff";
/** The dark choice for text on a colour: Tailwind's gray-900, softer than pure black. */
export const NEAR_BLACK = "#111827";

const HEX6 = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;
// What getComputedStyle returns: rgb(1, 2, 3), rgba(1, 2, 3, 0.5), or the space-separated form.
const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i;

/** Channels 0-255 from #rrggbb, #rgb or an rgb()/rgba() string (alpha ignored); null for anything else. */
export function parseColour(colour: string): Rgb | null {
  const value = colour.trim();
  const six = HEX6.exec(value);
  if (six) return [hexByte(six[1]!), hexByte(six[2]!), hexByte(six[3]!)];
  const three = HEX3.exec(value);
  if (three) return [hexByte(three[1]!.repeat(2)), hexByte(three[2]!.repeat(2)), hexByte(three[3]!.repeat(2))];
  const fn = RGB_FUNCTION.exec(value);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  return null;
}

function hexByte(pair: string): number {
  return Number.parseInt(pair, 16);
}

export function toHex(colour: Rgb): string {
  return `#${colour
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function channels(colour: string | Rgb): Rgb {
  if (typeof colour !== "string") return colour;
  const parsed = parseColour(colour);
  if (!parsed) throw new Error(`Not a colour: ${colour}`);
  return parsed;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function luminance(colour: string | Rgb): number {
  const [r, g, b] = channels(colour).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05): 1 for the same colour, 21 for black on white. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `colour` moved `share` (0-1) of the way toward `target`, as #rrggbb. */
export function mix(colour: string | Rgb, target: string | Rgb, share: number): string {
  const from = channels(colour);
  const to = channels(target);
  return toHex([0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * share) as unknown as Rgb);
}

/**
 * The text colour for a background: the store's own choice when it passes, else white or near-black,
 * whichever passes (the higher ratio when both do); null when none passes on this background.
 */
export function readableOn(background: string, minRatio: number = TEXT_RATIO, preferred?: string): string | null {
  if (preferred && parseColour(preferred) && contrastRatio(preferred, background) >= minRatio) return preferred;
  const onWhite = contrastRatio(WHITE, background);
  const onDark = contrastRatio(NEAR_BLACK, background);
  if (Math.max(onWhite, onDark) < minRatio) return null;
  return onWhite >= onDark ? WHITE : NEAR_BLACK;
}

/** A background with the text that goes on it. */
export interface Surface {
  background: string;
  text: string;
}

// Mixing steps of 2% reach any ratio a colour can reach against white or near-black within 50 steps.
const STEP = 0.02;

/**
 * A background and its text colour passing `minRatio`: the colour itself with readableOn's choice when one
 * passes; otherwise the colour shaded, by as little as passes, away from the store's preferred text (darker
 * under light text, lighter under dark) so the owner's choice of text survives; failing that (a preferred
 * mid-tone), shaded under white or near-black, whichever needs the smaller change.
 */
export function readableSurface(background: string, minRatio: number = TEXT_RATIO, preferred?: string): Surface {
  const text = readableOn(background, minRatio, preferred);
  if (text) return { background, text };
  if (preferred && parseColour(preferred)) {
    const away = luminance(preferred) > luminance(background) ? "#000000" : WHITE;
    const shade = shadeUntil(background, away, (s) => contrastRatio(preferred, s) >= minRatio);
    if (contrastRatio(preferred, shade.colour) >= minRatio) return { background: shade.colour, text: preferred };
  }
  const darker = shadeUntil(background, "#000000", (shade) => contrastRatio(WHITE, shade) >= minRatio);
  const lighter = shadeUntil(background, WHITE, (shade) => contrastRatio(NEAR_BLACK, shade) >= minRatio);
  return darker.share <= lighter.share ? { background: darker.colour, text: WHITE } : { background: lighter.colour, text: NEAR_BLACK };
}

/**
 * The text colour `colour` becomes where it must pass `minRatio` on every one of `backgrounds` (light ones:
 * white, the page, tints): itself when it does, else the least darkening of it toward black that does.
 */
export function readableAsText(colour: string, backgrounds: readonly string[], minRatio: number = TEXT_RATIO): string {
  return shadeUntil(colour, "#000000", (shade) => backgrounds.every((bg) => contrastRatio(shade, bg) >= minRatio)).colour;
}

function shadeUntil(colour: string, target: string, passes: (shade: string) => boolean): { colour: string; share: number } {
  for (let share = 0; share < 1; share += STEP) {
    const shade = mix(colour, target, share);
    if (passes(shade)) return { colour: shade, share };
  }
  return { colour: target, share: 1 };
}
