import { useT } from "../../i18n/use-t";
import { useWishlist } from "../../lib/use-wishlist";
import { WISHLIST_ACTION } from "../../lib/wishlist";

/** A heart, drawn once: outlined, or filled when wishlisted. */
const HEART = "M12 20s-7.5-4.6-9.3-9.2A4.9 4.9 0 0 1 12 6.6a4.9 4.9 0 0 1 9.3 4.2C19.5 15.4 12 20 12 20z";

/**
 * The wishlist heart on product cards and the product page: one small form that posts the state asked for, so it works
 * without JavaScript (POST → 303 → back here, filled) and, with it, through a fetcher with the change shown at once.
 */
export function WishlistHeart({ product, className = "" }: { product: { id: number; name: string }; className?: string }) {
  const t = useT();
  const { wishlisted, fetcher, onSubmit, redirectTo } = useWishlist(product.id);
  return (
    <fetcher.Form method="post" action={WISHLIST_ACTION} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="wishlisted" value={String(!wishlisted)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={wishlisted}
        aria-label={wishlisted ? t("common.wishlist_remove", { name: product.name }) : t("common.wishlist_add", { name: product.name })}
        className="rounded-full bg-white p-1.5 text-rose-700 shadow-sm ring-1 ring-black/10"
        data-testid="wishlist-heart"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d={HEART} fill={wishlisted ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
