import type * as z from "zod/mini";
import {
  addBody,
  addToCartOf,
  applyCouponOf,
  couponBody,
  deliveryLocationOf,
  discountsOf,
  fulfillmentBody,
  fulfillmentOf,
  locationBody,
  removeCouponOf,
  removeFromCartOf,
  updateBody,
  updateCartOf,
} from "../../api/cart";
import { checkoutLinkOf, redeemCheckoutLinkOf } from "../../api/checkout-links";
import type { OriginContext } from "../../api/origin-context";
import { parseInput } from "../../api/validate";
import { toggleWishlistBody, toggleWishlistOf, wishlistIdsOf, wishlistOf, wishlistQuery } from "../../api/wishlist";
import type { RequestReads } from "./read-once";

/**
 * The cart's and the wishlist's changes a page calls (decision 066), and the reads beside them. Each change is a write:
 * a page's guest without an id is given one by it (`shopperFor(true)`), as the first cart change always did.
 */
export function cartChangeOperations(o: OriginContext, reads: RequestReads) {
  return {
    /** POST /api/cart/add */
    addToCart: (input: z.input<typeof addBody>) => reads.change(() => addToCartOf(o, parseInput(addBody, input))),
    /** PUT /api/cart/update */
    updateCart: (input: z.input<typeof updateBody>) => reads.change(() => updateCartOf(o, parseInput(updateBody, input))),
    /** DELETE /api/cart/remove/:id */
    removeFromCart: (itemId: number) => reads.change(() => removeFromCartOf(o, String(itemId))),
    /** POST /api/cart/apply-coupon */
    applyCoupon: (input: z.input<typeof couponBody>) => reads.change(() => applyCouponOf(o, parseInput(couponBody, input))),
    /** DELETE /api/cart/coupon */
    removeCoupon: () => reads.change(() => removeCouponOf(o)),
    /** PUT /api/cart/fulfillment */
    setFulfillment: (input: z.input<typeof fulfillmentBody>) => reads.change(() => fulfillmentOf(o, parseInput(fulfillmentBody, input))),
    /** PUT /api/cart/delivery-location */
    setDeliveryLocation: (input: z.input<typeof locationBody>) =>
      reads.change(() => deliveryLocationOf(o, parseInput(locationBody, input))),
    /** GET /api/cart/checkout-link/:token */
    checkoutLink: (token: string) => reads.read("checkout-link", [token], () => checkoutLinkOf(o, token)),
    /** POST /api/cart/checkout-link/:token/redeem */
    redeemCheckoutLink: (token: string) => reads.change(() => redeemCheckoutLinkOf(o, token)),
    /** GET /api/get-discounts */
    discounts: () => reads.read("get-discounts", [], () => discountsOf(o)),
    /** GET /api/get-wishlist */
    wishlist: (input: z.input<typeof wishlistQuery>) =>
      reads.read("get-wishlist", [input], () => wishlistOf(o, parseInput(wishlistQuery, input))),
    /** GET /api/get-wishlist-ids */
    wishlistIds: () => reads.read("get-wishlist-ids", [], () => wishlistIdsOf(o)),
    /** POST /api/toggle-wishlist-product */
    toggleWishlistProduct: (input: z.input<typeof toggleWishlistBody>) =>
      reads.change(() => toggleWishlistOf(o, parseInput(toggleWishlistBody, input))),
  };
}
