import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { type FormEvent, useEffect } from "react";
import type { RootData } from "../route-data";
import { showToast } from "../state/toasts";
import { STAY_FIELD } from "./add-to-cart-form";
import { WISHLIST_ACTION, type WishlistResult } from "./wishlist";

/**
 * One product's place on the shopper's wishlist, for a heart or a Remove button: whether it is wishlisted (the root
 * loader's ids, or the state a pending submission asks for, so the change shows at once), where a plain form comes back
 * to, and the submit handler that sends the same form through a fetcher. Every control for the product shares one
 * fetcher, so a heart on a card and on the page agree while a change is on its way.
 */
export function useWishlist(productId: number) {
  const root = useRouteLoaderData<RootData>("root");
  const fetcher = useFetcher<WishlistResult>({ key: `wishlist-${productId}` });
  const { pathname, search } = useLocation();
  const pending = fetcher.formData?.get("wishlisted");
  // A guest's press leads to sign-in: nothing to show before that.
  const wishlisted = root?.signedIn && typeof pending === "string" ? pending === "true" : (root?.wishlist.includes(productId) ?? false);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) showToast(fetcher.data.message, { kind: "error" });
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The browser's own submission: answered on the spot (STAY_FIELD); without JavaScript the form posts and comes back.
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set(STAY_FIELD, "1");
    fetcher.submit(form, { method: "post", action: WISHLIST_ACTION });
  };

  return { wishlisted, fetcher, onSubmit, redirectTo: pathname + search };
}
