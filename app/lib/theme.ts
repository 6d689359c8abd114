/** The store's colours as CSS variables: storeBgColor solid, at 10% and 20% alpha, and mixed onto white at 5-20%. */
export interface ThemeColours {
  brand: string;
  onBrand: string;
  ink: string;
  /** Review stars (plugin_product_reviews_star_color). */
  star: string;
}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const FALLBACK: ThemeColours = { brand: "#4f46e5", onBrand: "#ffffff", ink: "#1f2937", star: "#f59e0b" };

function rgb(hex: string): [number, number, number] | null {
  const match = HEX.exec(hex);
  return match ? [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)] : null;
}

function onWhite(channels: [number, number, number], share: number): string {
  const mixed = channels.map((c) => Math.round(255 - (255 - c) * share));
  return `rgb(${mixed.join(" ")})`;
}

export function themeColours(settings: Readonly<Record<string, string | undefined>>): ThemeColours {
  const pick = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
  return {
    brand: pick(settings.storeBgColor, FALLBACK.brand),
    onBrand: pick(settings.storeTextOnBgColor, FALLBACK.onBrand),
    ink: pick(settings.storeTextColor, FALLBACK.ink),
    star: pick(settings.plugin_product_reviews_star_color, FALLBACK.star),
  };
}

export function themeVariables(colours: ThemeColours): Record<string, string> {
  const channels = rgb(colours.brand) ?? (rgb(FALLBACK.brand) as [number, number, number]);
  const [r, g, b] = channels;
  return {
    "--brand": colours.brand,
    "--brand-on": colours.onBrand,
    "--ink": colours.ink,
    "--star": colours.star,
    "--brand-a10": `rgb(${r} ${g} ${b} / 0.1)`,
    "--brand-a20": `rgb(${r} ${g} ${b} / 0.2)`,
    "--brand-s5": onWhite(channels, 0.05),
    "--brand-s10": onWhite(channels, 0.1),
    "--brand-s15": onWhite(channels, 0.15),
    "--brand-s20": onWhite(channels, 0.2),
  };
}
