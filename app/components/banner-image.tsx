import { Link } from "@remix-run/react";
import type { Banner } from "../../worker/store-data/store-data";
import { imagePriority } from "../lib/image-priority";
import { IMAGE_SLOTS } from "../lib/image-sources";
import { StoreImage } from "./store-image";

/** A banner picture that leads where its link_type says: a product, a category, a custom URL, or nowhere. */
export function BannerImage({ banner, eager = false, className = "" }: { banner: Banner; eager?: boolean; className?: string }) {
  const image = (
    <StoreImage
      src={banner.image}
      shownAt={IMAGE_SLOTS.banner}
      // Set at import from the store file or the link's target (worker/store-import/plan/content.ts); "" for a decorative picture.
      alt={banner.data.alt ?? ""}
      width={1200}
      height={400}
      // The first banner is the home page's largest paint.
      {...imagePriority(eager)}
      className={`aspect-[3/1] w-full rounded-xl object-cover ${className}`}
    />
  );
  if (!banner.href) return image;
  const external = /^https?:\/\//.test(banner.href);
  return external ? (
    <a href={banner.href} rel="noopener noreferrer" data-testid="banner-link">
      {image}
    </a>
  ) : (
    <Link to={banner.href} data-testid="banner-link">
      {image}
    </Link>
  );
}
