import { Link } from "@remix-run/react";
import type { WishlistItem } from "../../../worker/wishlist/wishlist-store";
import { useT } from "../../i18n/use-t";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import { useWishlist } from "../../lib/use-wishlist";
import { WISHLIST_ACTION } from "../../lib/wishlist";
import { showToast } from "../../state/toasts";
import { Price } from "../price";
import { AddToCartButton } from "../product/add-to-cart-button";
import { StoreImage } from "../store-image";

/** The customer's wishlist: each product with Add to Cart (as its card adds it) and Remove; gone ones say so. */
export function WishlistList({ items }: { items: WishlistItem[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <WishlistRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function WishlistRow({ item }: { item: WishlistItem }) {
  const t = useT();
  const { wishlisted, fetcher, onSubmit, redirectTo } = useWishlist(item.id);
  // Removed with JavaScript: gone from the list at once (without it, the page comes back without it).
  if (!wishlisted) return null;
  return (
    <li className="card flex gap-3 p-3" data-testid="wishlist-item">
      {item.image ? (
        <StoreImage
          src={item.image}
          alt=""
          shownAt={IMAGE_SLOTS.wishlistItem}
          width={80}
          height={80}
          loading="lazy"
          className="h-20 w-20 shrink-0 rounded-lg bg-brand-s10 object-cover"
        />
      ) : (
        <div className="h-20 w-20 shrink-0 rounded-lg bg-brand-s10" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {item.available ? (
          <Link to={`/product/${item.slug}`} className="font-medium text-ink hover:underline" data-testid="wishlist-item-name">
            {item.name}
          </Link>
        ) : (
          <p className="font-medium text-ink" data-testid="wishlist-item-name">
            {item.name}
          </p>
        )}
        {item.available ? (
          <Price amount={item.selling_price} original={item.original_price} />
        ) : (
          <p className="text-sm text-gray-700" data-testid="wishlist-unavailable">
            {t("account.no_longer_available")}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {item.available ? (
            <div className="w-32">
              <AddToCartButton product={item} />
            </div>
          ) : null}
          <fetcher.Form
            method="post"
            action={WISHLIST_ACTION}
            onSubmit={(event) => {
              onSubmit(event);
              // The row goes away with its button: the page's main region keeps the keyboard's place.
              document.getElementById("main")?.focus();
              showToast(t("account.wishlist_removed", { name: item.name }));
            }}
          >
            <input type="hidden" name="product_id" value={item.id} />
            <input type="hidden" name="wishlisted" value="false" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              className="btn-outline py-1.5 text-sm"
              aria-label={t("account.wishlist_remove_label", { name: item.name })}
              data-testid="wishlist-remove"
            >
              {t("account.remove")}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
