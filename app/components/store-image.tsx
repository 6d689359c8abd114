import type { ImgHTMLAttributes } from "react";
import { type ImageSlot, imageSources } from "../lib/image-sources";
import { useImageResizing } from "../lib/use-store";

type StoreImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> & {
  src: string;
  alt: string;
  /** Where it is shown: the widths the browser may choose from and how wide it is on screen. */
  shownAt: ImageSlot;
  fetchpriority?: "high";
};

/** A product, category, banner or logo picture that asks for the size it is shown at (app/lib/image-sources.ts). */
export function StoreImage({ src, alt, shownAt, ...attributes }: StoreImageProps) {
  const sources = imageSources(src, shownAt, useImageResizing());
  return <img {...attributes} {...sources} alt={alt} />;
}
