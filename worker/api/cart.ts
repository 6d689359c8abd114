import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { parseId } from "../../commerce/ids";
import type { Selection } from "../../commerce/product-options";
import * as z from "../../commerce/zod";
import { findAddress } from "../accounts/addresses";
import type { AppEnv } from "../app-env";
import { type CartAnswer, type CartAnswerSteps, cartAnswer, cartAnswerFrom, cartAnswerSteps, emptyCartAnswer } from "../cart/cart-answer";
import { type DeliveryLocation, setCouponCode, setDeliveryLocation, setFulfillment } from "../cart/cart-settings";
import { addItem, CartError, type CartScope, type Changed, removeItem, updateItem } from "../cart/cart-store";
import { loadOffers, type OffersAnswer } from "../cart/offers";
import { recommendedProducts } from "../cart/recommended";
import type { ProductCard } from "../catalog/product-card";
import { ApiError } from "../http/errors";
import { cartOwnerOf } from "../shopper/shopper";
import { addressNotFound } from "./addresses";
import { customerOf, scopeOfOwner } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { throttle } from "./rate-limit";
import { requireStoreOpen, storeOpenOnly } from "./store-open";
import { validate } from "./validate";

/**
 * The cart (spec section 7): every answer is the whole cart (`CartAnswer`, amounts in major units). A cart belongs
 * to the store, the branch (`branch_id`) and the shopper (`o.shopperFor`: a customer by bearer token, or a guest by
 * the `guest-id` header, commerce/ids: 32 lowercase hex digits as the guest cookie holds, or a UUID).
 *
 * Decisions:
 * - Without a guest-id header, GET /api/get-cart answers an empty cart (nothing is created) and every change is a
 *   400 `guest_id_required`; a malformed guest id is a 400 on every call. The server never invents a guest id for
 *   an API caller, because a caller could not learn it and would lose the cart.
 * - Malformed bodies (wrong types, missing fields) are 400 `invalid_input`; refusals the shopper can fix (quantity
 *   outside 1–99, unknown product, unavailable options, full cart, malformed coupon or location, pickup at a branch
 *   without it) are 422, adding a product the branch does not sell is 409 `product_unavailable` (or more than it has
 *   left, 409 `out_of_stock`), and an unknown or
 *   foreign cart item is 404, each with the shopper's `message`. A refusal changes nothing.
 * - Changes are rate limited per store and shopper (CART_LIMITER, 120 a minute): past it, 429 with Retry-After.
 * - An inapplicable coupon is not an error: the cart answers coupon_applied false with coupon_message.
 * - PUT /api/cart/update with either selection field replaces the line's whole selection (a missing one is empty:
 *   changing a single choice resets the add-ons, as the options drawer does). Quantity 0 is refused, not a removal.
 */

/** The cart a read is of: none for a guest without an id yet (the spec's empty cart; nothing is read or written). */
function readScope(o: OriginContext): CartScope | null {
  const owner = cartOwnerOf(o.shopperFor(false));
  return owner === null ? null : { tenantId: o.tenant.id, branchId: o.branchId, owner };
}

/** GET /api/get-cart: the whole cart, read on its own. */
export async function cartOf(o: OriginContext): Promise<CartAnswer> {
  const scope = readScope(o);
  return scope === null ? emptyCartAnswer(o.branchId) : cartAnswer(o.env.DB, scope, o.tenant, translatorOf(o.language));
}

/** GET /api/get-cart-recommended-products: products to add, by the cart's (an empty cart: the store's first). */
export function recommendedFor(o: OriginContext): Promise<ProductCard[]> {
  return recommendedProducts(o.env.DB, o.tenant, o.branchId, readScope(o));
}

/** GET /api/get-discounts: the store's offers, as the cart reads them (an absent guest id: an empty cart; none is made). */
export function discountsOf(o: OriginContext): Promise<OffersAnswer> {
  return loadOffers(o.env.DB, o.tenant, readScope(o), translatorOf(o.language));
}

/**
 * The cart a change is made to. The change is a write, so a page's guest without an id is given one now; an HTTP caller
 * without one is a 400 (the server never invents a guest id the caller could not learn).
 */
export function changeScope(o: OriginContext): CartScope {
  const owner = cartOwnerOf(o.shopperFor(true));
  if (owner === null) throw new ApiError(400, "guest_id_required", message("errors.guest_id_required"));
  return scopeOfOwner(o, owner);
}

/**
 * Runs a cart change once the shopper is within the cart limiter's budget (else 429 with Retry-After), with the cart
 * answer's reads after its writes in the same batch, and answers the cart as the change left it. A CartError becomes
 * its 422/404 in the one error shape.
 */
async function change(
  o: OriginContext,
  scope: CartScope,
  work: (reads: CartAnswerSteps) => Promise<Changed<unknown, CartAnswerSteps>>,
): Promise<CartAnswer> {
  await throttle(o, "cart", scope.owner);
  let changed: Changed<unknown, CartAnswerSteps>;
  try {
    changed = await work(cartAnswerSteps(o.env.DB, scope));
  } catch (error) {
    if (error instanceof CartError) throw new ApiError(error.status, error.code, error.text);
    throw error;
  }
  return cartAnswerFrom(changed.reads, scope, o.tenant, translatorOf(o.language));
}

/** A JSON id; an unknown or out-of-range one is the cart's refusal (422 or 404), with the shopper's message. */
const id = z.number().check(z.int());
/** A JSON quantity; its range (1–99) is the cart's rule, answered 422 with the shopper's message. */
const quantity = z.number();
/** Some clients send an empty selection as [] (an empty PHP array): accept it as {}. */
const emptyArrayAsObject = (v: unknown) => (Array.isArray(v) && v.length === 0 ? {} : v);
const attributeKey = z.string().check(z.refine((key) => parseId(key) !== null, "must be an attribute id"));
const selectedAttributes = z.pipe(z.transform(emptyArrayAsObject), z.record(attributeKey, id));
const selectedMultiAttributes = z.pipe(z.transform(emptyArrayAsObject), z.record(attributeKey, z.array(id).check(z.maxLength(100))));

export const addBody = z.object({
  product_id: id,
  quantity,
  selected_attributes: z.optional(selectedAttributes),
  selected_multi_attributes: z.optional(selectedMultiAttributes),
});
export const updateBody = z.object({
  cart_id: id,
  quantity,
  selected_attributes: z.optional(selectedAttributes),
  selected_multi_attributes: z.optional(selectedMultiAttributes),
});
export const couponBody = z.object({ code: z.string().check(z.maxLength(100)) });
export const fulfillmentBody = z.object({ fulfillment: z.enum(["delivery", "pickup"]) });
export const locationBody = z.union([
  z.strictObject({ address_id: id }),
  z
    .object({
      pincode: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
      latitude: z.optional(z.nullable(z.number())),
      longitude: z.optional(z.nullable(z.number())),
    })
    .check(
      z.refine((b) => (b.pincode ?? null) !== null || (b.latitude ?? null) !== null || (b.longitude ?? null) !== null, {
        message: issueId("errors.send_location"),
      }),
    ),
]);

/**
 * The location a delivery-location body names: as sent, or a saved address's pincode and position. Only a customer has
 * saved addresses (a guest is 401), and only their own in this store (else 404, nothing changed).
 */
async function locationOf(o: OriginContext, body: z.infer<typeof locationBody>): Promise<DeliveryLocation> {
  if (!("address_id" in body)) return { pincode: body.pincode ?? null, latitude: body.latitude ?? null, longitude: body.longitude ?? null };
  const address = await findAddress(o.env.DB, o.tenant.id, customerOf(o).customerId, body.address_id);
  if (!address) addressNotFound();
  return { pincode: address.pincode, latitude: address.latitude, longitude: address.longitude, addressId: address.id };
}

function selection(attributes?: Record<string, number>, multi?: Record<string, number[]>): Selection {
  return { selectedAttributes: attributes ?? {}, selectedMultiAttributes: multi ?? {} };
}

/** POST /api/cart/add: a product, with its options, added to the cart (the store must be open). */
export async function addToCartOf(o: OriginContext, body: z.output<typeof addBody>): Promise<CartAnswer> {
  await requireStoreOpen(o);
  const scope = changeScope(o);
  const payload = {
    product_id: body.product_id,
    quantity: body.quantity,
    selection: selection(body.selected_attributes, body.selected_multi_attributes),
  };
  return change(o, scope, (reads) => addItem(o.env.DB, scope, payload, reads));
}

/** PUT /api/cart/update: a line's quantity, and its whole selection when either selection field is sent. */
export async function updateCartOf(o: OriginContext, body: z.output<typeof updateBody>): Promise<CartAnswer> {
  await requireStoreOpen(o);
  const scope = changeScope(o);
  // Spec section 5: a quantity stepped below 1 removes the line (as cart/remove does), whatever options came with it.
  if (body.quantity < 1) return change(o, scope, (reads) => removeItem(o.env.DB, scope, body.cart_id, reads));
  const changesOptions = body.selected_attributes !== undefined || body.selected_multi_attributes !== undefined;
  const options = changesOptions ? selection(body.selected_attributes, body.selected_multi_attributes) : undefined;
  return change(o, scope, (reads) => updateItem(o.env.DB, scope, body.cart_id, body.quantity, options, reads));
}

/** DELETE /api/cart/remove/:id: a line removed; `itemId` as the path names it. */
export async function removeFromCartOf(o: OriginContext, itemId: string): Promise<CartAnswer> {
  const scope = changeScope(o);
  // Anything but a plain id names no item of this cart: 404 like a foreign one.
  const cartId = parseId(itemId) ?? 0;
  return change(o, scope, (reads) => removeItem(o.env.DB, scope, cartId, reads));
}

/** POST /api/cart/apply-coupon: the coupon the cart is priced with (the store must be open). */
export async function applyCouponOf(o: OriginContext, body: z.output<typeof couponBody>): Promise<CartAnswer> {
  await requireStoreOpen(o);
  const scope = changeScope(o);
  return change(o, scope, (reads) => setCouponCode(o.env.DB, scope, body.code, reads));
}

/** DELETE /api/cart/coupon: the cart without its coupon. */
export async function removeCouponOf(o: OriginContext): Promise<CartAnswer> {
  const scope = changeScope(o);
  return change(o, scope, (reads) => setCouponCode(o.env.DB, scope, null, reads));
}

/** PUT /api/cart/fulfillment: delivery or pickup. */
export async function fulfillmentOf(o: OriginContext, body: z.output<typeof fulfillmentBody>): Promise<CartAnswer> {
  const scope = changeScope(o);
  return change(o, scope, (reads) => setFulfillment(o.env.DB, scope, body.fulfillment, reads));
}

/** PUT /api/cart/delivery-location: where the cart is delivered, as sent or a saved address's. */
export async function deliveryLocationOf(o: OriginContext, body: z.output<typeof locationBody>): Promise<CartAnswer> {
  const scope = changeScope(o);
  const location = await locationOf(o, body);
  return change(o, scope, (reads) => setDeliveryLocation(o.env.DB, scope, location, reads));
}

const NO_STORE = { "Cache-Control": "no-store" } as const;

export const cartApi = new Hono<AppEnv>()
  // A closed store is 403 before the body is read (requireStoreOpen, which the operations also ask for pages).
  .use("/cart/add", storeOpenOnly)
  .use("/cart/update", storeOpenOnly)
  .use("/cart/apply-coupon", storeOpenOnly)
  .get("/get-cart", async (c) => c.json(await cartOf(originContextOf(c)), 200, NO_STORE))
  // Offers and recommendations read the cart (an absent guest-id: an empty cart) and never create one.
  .get("/get-discounts", async (c) => c.json(await discountsOf(originContextOf(c)), 200, NO_STORE))
  .get("/get-cart-recommended-products", async (c) => c.json(await recommendedFor(originContextOf(c)), 200, NO_STORE))
  .post("/cart/add", validate("json", addBody), async (c) =>
    c.json(await addToCartOf(originContextOf(c), c.req.valid("json")), 201, NO_STORE),
  )
  .put("/cart/update", validate("json", updateBody), async (c) =>
    c.json(await updateCartOf(originContextOf(c), c.req.valid("json")), 200, NO_STORE),
  )
  .delete("/cart/remove/:id", async (c) => c.json(await removeFromCartOf(originContextOf(c), c.req.param("id")), 200, NO_STORE))
  .post("/cart/apply-coupon", validate("json", couponBody), async (c) =>
    c.json(await applyCouponOf(originContextOf(c), c.req.valid("json")), 200, NO_STORE),
  )
  .delete("/cart/coupon", async (c) => c.json(await removeCouponOf(originContextOf(c)), 200, NO_STORE))
  .put("/cart/fulfillment", validate("json", fulfillmentBody), async (c) =>
    c.json(await fulfillmentOf(originContextOf(c), c.req.valid("json")), 200, NO_STORE),
  )
  .put("/cart/delivery-location", validate("json", locationBody), async (c) =>
    c.json(await deliveryLocationOf(originContextOf(c), c.req.valid("json")), 200, NO_STORE),
  );
