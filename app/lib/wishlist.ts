/**
 * The heart's form, shared by every heart and the wishlist page (docs/decisions/028-wishlist.md): it posts
 * `product_id`, the state asked for (`wishlisted=true|false`) and where to come back to (`redirectTo`) to the wishlist
 * page's action. The browser's own submissions add `stay` and get the result on the spot; a plain form is answered
 * 303 back to the page it was sent from.
 */
export const WISHLIST_ACTION = "/account/wishlist";

export type WishlistResult = { ok: true; productId: number; wishlisted: boolean } | { ok: false; message: string };
