import { Link } from "@remix-run/react";
import type { Category } from "../../worker/store-data/store-data";
import { IMAGE_SLOTS } from "../lib/image-sources";
import { StoreImage } from "./store-image";

/** A category's tile, a link to its page; `linked={false}` for a sample of the preview home, which has no page. */
export function CategoryTile({ category, className = "", linked = true }: { category: Category; className?: string; linked?: boolean }) {
  const tile = `flex flex-col items-center gap-2 rounded-xl p-2 text-center text-sm font-medium text-ink ${className}`;
  const content = (
    <>
      <span className="relative block aspect-square w-full overflow-hidden rounded-full">
        {/* The category's colour as an SVG fill: a style attribute would need 'unsafe-inline' in the CSP. */}
        {category.color ? (
          <svg className="absolute inset-0 h-full w-full" aria-hidden="true" focusable="false">
            <rect width="100%" height="100%" fill={category.color} />
          </svg>
        ) : null}
        {category.primary_image ? (
          <StoreImage
            src={category.primary_image}
            alt=""
            shownAt={IMAGE_SLOTS.categoryTile}
            loading="lazy"
            width={160}
            height={160}
            className="relative h-full w-full object-cover"
          />
        ) : null}
      </span>
      <span className="line-clamp-2">{category.name}</span>
    </>
  );
  if (!linked) {
    return (
      <div className={tile} data-testid="category-tile">
        {content}
      </div>
    );
  }
  return (
    <Link to={`/category/${category.slug}`} prefetch="intent" className={`${tile} hover:bg-brand-a10`} data-testid="category-tile">
      {content}
    </Link>
  );
}
