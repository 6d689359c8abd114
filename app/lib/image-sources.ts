import { STORE_IMAGE_PATH } from "../../commerce/store-images";

/** Where an image is shown: the widths worth fetching (CSS pixels at 1x to 2x or 3x) and its `sizes`. */
export interface ImageSlot {
  widths: readonly number[];
  sizes: string;
}

/** A picture always shown `px` wide: at 1x, 2x and 3x screens. */
function fixed(px: number): ImageSlot {
  return { widths: [px, 2 * px, 3 * px], sizes: `${px}px` };
}

/** Every place a store image is shown, with the width it takes there (the classes beside each use say the same). */
export const IMAGE_SLOTS = {
  /** Grid cards: two columns on phones, three or four on desktop (769 px and wider, the spec's 768 px is a phone). */
  productCard: { widths: [160, 240, 320, 480, 640], sizes: "(min-width: 769px) 33vw, 50vw" },
  /** Cards in a horizontal strip: w-40, desktop:w-48. */
  productStrip: { widths: [160, 192, 320, 384, 480], sizes: "(min-width: 769px) 192px, 160px" },
  /** The product page's picture: max-w-3xl less its padding. */
  productPage: { widths: [360, 480, 736, 1104, 1472], sizes: "(min-width: 769px) 736px, calc(100vw - 2rem)" },
  /** A banner across the page. */
  banner: { widths: [480, 768, 1200, 1600, 2400], sizes: "(min-width: 1280px) 1280px, 100vw" },
  /** Category tiles: four columns on phones, six on desktop, eight from lg. */
  categoryTile: { widths: [96, 160, 240, 320], sizes: "(min-width: 1024px) 12vw, (min-width: 769px) 16vw, 25vw" },
  navLogo: fixed(32),
  closedLogo: fixed(96),
  cartLine: fixed(64),
  wishlistItem: fixed(80),
} satisfies Record<string, ImageSlot>;

export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string;
}

/** Cloudflare's image transformation of an image on this host (developers.cloudflare.com/images, "Transform via URL"). */
function resized(path: string, width: number): string {
  return `/cdn-cgi/image/width=${width},format=auto${path}`;
}

/**
 * The `src`, `srcSet` and `sizes` of a store image. An image the store uploaded (served from /media/images/) is asked
 * for at each width of its slot through Cloudflare's resizing when `resizing` is on (the IMAGE_RESIZING setting, where
 * the zone has transformations enabled); otherwise, and for any other address (the demo's files, a URL elsewhere), the
 * one stored file is the only candidate, described as wide as the slot's largest.
 */
export function imageSources(src: string, slot: ImageSlot, resizing: boolean): ImageSources {
  const largest = Math.max(...slot.widths);
  if (!resizing || !src.startsWith(STORE_IMAGE_PATH)) {
    // A space would end the address inside srcset.
    return { src, srcSet: `${src.replaceAll(" ", "%20")} ${largest}w`, sizes: slot.sizes };
  }
  const srcSet = slot.widths.map((width) => `${resized(src, width)} ${width}w`).join(", ");
  return { src: resized(src, largest), srcSet, sizes: slot.sizes };
}
