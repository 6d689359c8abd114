import * as z from "../../commerce/zod";
import { madeKeyAnswer, storeKeyAnswer, storeKeysAnswer } from "../../worker/api/admin-keys";
import { staffListAnswer, staffMemberAnswer } from "../../worker/api/admin-staff";
import { createdStoreAnswer, moveStoreAnswer } from "../../worker/api/platform";
import { importAnswer } from "../../worker/api/store-file-call";
import { LIVE_CAP_RETRY_AFTER_SECONDS, LIVE_SOCKET_CAPS } from "../../worker/live/socket-caps";
import { databaseReportAnswer } from "../../worker/placement/database-report";
import { goLiveReportSchema } from "../../worker/setup/go-live-checks";
import { cacheMarkersSchema } from "../../worker/tenancy/tenant";
import { customerAnswer, okAnswer, sentAnswer, signedInAnswer, wishlistChangeAnswer, wishlistIdsAnswer } from "./answers";

/**
 * Who may make a call: anyone; a shopper (guest with a guest id, or customer); a signed-in customer only; or the
 * store's owner with one of its API keys; or the platform, with its key.
 */
export type Caller = "anyone" | "shopper" | "customer" | "store" | "platform";

/** An answer described by a zod schema, or by the TypeScript type the handler returns and where it lives, or none. */
export type AnswerDoc = { status: number; schema: z.ZodMiniType } | { status: number; type: string; file: string } | { status: 204 };

export interface CallDoc {
  summary: string;
  caller: Caller;
  answer: AnswerDoc;
  /** Refusals particular to this call, beyond the shared ones (400 invalid_input, 413, 429 where it says so). */
  errors?: string[];
}

const cart = { status: 200, type: "CartAnswer", file: "worker/cart/cart-answer.ts" } as const;
const cartChangeErrors = [
  "404 not_found: the product or cart line is not in this store or cart",
  "409 product_unavailable: the branch (branch_id) does not sell this product",
  "409 out_of_stock: the cart would hold more of the product (all its lines) than the branch has left; the message says how many are left",
  "422 with the shopper's message",
  "403 store_closed: the store is switched off (globalStoreEnable false)",
  "403 branch_closed: the branch (branch_id) is closed to shoppers (decision 087)",
  "429 too_many_requests",
];

/**
 * Every API call, keyed `METHOD /api/path` as the route table names it. What a call reads is not written here: it is
 * read from the call's validator (worker/api/validate.ts). tests/unit/api-docs.test.ts fails when a route has no entry,
 * an entry has no route, or docs/api.md is not what `npm run docs:api` writes.
 */
export const CALLS: Record<string, CallDoc> = {
  "GET /api/get-data": {
    summary: "The store: settings, layout and branches, cached in KV behind the store's cache markers.",
    caller: "anyone",
    answer: { status: 200, type: "StoreData", file: "worker/store-data/store-data.ts" },
  },
  "GET /api/cache-info": {
    summary: "The store's cache markers: a client drops its copy of settings, layouts, branches or product pages when one changes.",
    caller: "anyone",
    answer: { status: 200, schema: cacheMarkersSchema },
  },
  "GET /api/get-pages": {
    summary: "The store's content pages, as links.",
    caller: "anyone",
    answer: { status: 200, type: "PageLink[]", file: "worker/content/pages.ts" },
  },
  "GET /api/get-page": {
    summary: "One content page, its HTML sanitised at import.",
    caller: "anyone",
    answer: { status: 200, type: "ContentPage", file: "worker/content/pages.ts" },
    errors: ["404 not_found"],
  },
  "GET /api/get-products": {
    summary: "A page of the branch's products.",
    caller: "anyone",
    answer: { status: 200, type: "Page<ProductCard>", file: "worker/catalog/list-products.ts" },
  },
  "GET /api/get-category": {
    summary: "One category by slug or id.",
    caller: "anyone",
    answer: { status: 200, type: "Category", file: "worker/store-data/store-data.ts" },
    errors: ["404 not_found"],
  },
  "GET /api/get-category-products": {
    summary: "A page of one category's products that the branch sells.",
    caller: "anyone",
    answer: { status: 200, type: "Page<ProductCard>", file: "worker/catalog/list-products.ts" },
    errors: ["404 not_found"],
  },
  "GET /api/get-product": {
    summary: "One product with its options, combinations and prices, and whether the branch sells it (`available`).",
    caller: "anyone",
    answer: { status: 200, type: "ProductDetail", file: "worker/catalog/product-detail.ts" },
    errors: ["404 not_found"],
  },
  "GET /api/search-products": {
    summary: "Products the branch sells matching the query, ranked (decision 007).",
    caller: "anyone",
    answer: { status: 200, type: "SearchPage<ProductCard>", file: "worker/catalog/search-products.ts" },
  },
  "GET /api/predictive-search": {
    summary:
      "Suggestions while a shopper types: the first products the branch sells whose name has a word starting with each typed word, and matching categories (decision 052).",
    caller: "anyone",
    answer: { status: 200, type: "PredictiveAnswer", file: "worker/catalog/predictive-search.ts" },
  },
  "GET /api/get-product-reviews": {
    summary: "A page of a product's reviews with its rating summary.",
    caller: "anyone",
    answer: { status: 200, type: "ProductReviews", file: "worker/catalog/reviews.ts" },
    errors: ["404 not_found"],
  },
  "GET /api/get-sitemap": {
    summary: "How many product sitemap files the store has, for /sitemap.xml.",
    caller: "anyone",
    answer: { status: 200, type: "SitemapIndex", file: "worker/catalog/sitemap.ts" },
  },
  "GET /api/get-sitemap-products": {
    summary: "One product sitemap file's product slugs, in listing order.",
    caller: "anyone",
    answer: { status: 200, schema: z.array(z.string()) },
  },
  "GET /api/get-cart": {
    summary: "The shopper's priced cart (an empty one for a guest without a guest id; nothing is created).",
    caller: "shopper",
    answer: cart,
  },
  "GET /api/get-discounts": {
    summary: "The coupons and automatic offers of the store, each with whether the shopper's cart qualifies.",
    caller: "shopper",
    answer: { status: 200, type: "OffersAnswer", file: "worker/cart/offers.ts" },
  },
  "GET /api/get-cart-recommended-products": {
    summary: "Products the branch sells to suggest beside the cart.",
    caller: "shopper",
    answer: { status: 200, type: "ProductCard[]", file: "worker/catalog/product-card.ts" },
  },
  "POST /api/cart/add": {
    summary: "Adds a product with its chosen options; the same product and options add to the existing line.",
    caller: "shopper",
    answer: { ...cart, status: 201 },
    errors: cartChangeErrors,
  },
  "PUT /api/cart/update": {
    summary: "Sets a line's quantity (below 1 removes it) and, when sent, its options.",
    caller: "shopper",
    answer: cart,
    errors: cartChangeErrors,
  },
  "DELETE /api/cart/remove/:id": {
    summary: "Removes one line of the cart.",
    caller: "shopper",
    answer: cart,
    errors: ["404 not_found: no such line in this shopper's cart", "429 too_many_requests"],
  },
  "POST /api/cart/apply-coupon": {
    summary: "Applies a coupon code; the cart's coupon_message says whether it took.",
    caller: "shopper",
    answer: cart,
    errors: [
      "403 store_closed: the store is switched off (globalStoreEnable false)",
      "403 branch_closed: the branch (branch_id) is closed to shoppers (decision 087)",
      "429 too_many_requests",
    ],
  },
  "DELETE /api/cart/coupon": {
    summary: "Removes the shopper's coupon.",
    caller: "shopper",
    answer: cart,
    errors: ["429 too_many_requests"],
  },
  "PUT /api/cart/fulfillment": {
    summary: "Chooses delivery or pickup.",
    caller: "shopper",
    answer: cart,
    errors: ["429 too_many_requests"],
  },
  "PUT /api/cart/delivery-location": {
    summary:
      "Sets where the cart is delivered (a pincode, a position, or a signed-in customer's saved address), which decides the delivery charge and whether delivery is possible.",
    caller: "shopper",
    answer: cart,
    errors: ["401 unauthenticated: address_id from a guest", "404 address_not_found: not this customer's address", "429 too_many_requests"],
  },
  "POST /api/cart/checkout-link": {
    summary:
      "A checkout link to the guest caller's cart at the branch (decision 090): an agent hands it to a person, whose browser opens the page at `url`, takes the lines into their own cart and pays at /checkout. Single use, 30 minutes; each call makes a new link. Body: none or {}.",
    caller: "shopper",
    answer: { status: 201, type: "CheckoutLinkMade", file: "worker/api/checkout-links.ts" },
    errors: [
      "400 guest_id_required: no guest-id header",
      "403 guest_only: a customer's bearer session (links carry a guest's cart)",
      "422 cart_empty: the cart at the branch has no line",
      "429 too_many_requests",
    ],
  },
  "GET /api/cart/checkout-link/:token": {
    summary: "What a checkout link carries: its branch, its cart priced there, and when it expires. Reading it does not use it.",
    caller: "anyone",
    answer: { status: 200, type: "CheckoutLinkAnswer", file: "worker/api/checkout-links.ts" },
    errors: [
      "404 checkout_link_not_found: no such link in this store",
      "410 checkout_link_used: already redeemed",
      "410 checkout_link_expired: past its 30 minutes",
    ],
  },
  "POST /api/cart/checkout-link/:token/redeem": {
    summary:
      "Uses a checkout link up, once: its lines join the caller's cart at the link's branch (a line the caller has adds its quantity, as on sign-in) and the caller's own cart follows them there; answers that cart, whose branch_id is the caller's branch from now on.",
    caller: "shopper",
    answer: cart,
    errors: [
      "400 guest_id_required: neither a bearer token nor a guest-id header",
      "404 checkout_link_not_found: no such link in this store",
      "410 checkout_link_used: already redeemed (a second redeem, or one that lost a race, moves nothing)",
      "410 checkout_link_expired: past its 30 minutes",
      "429 too_many_requests",
    ],
  },
  "POST /api/register": {
    summary: "Creates an account in this store and signs it in; a guest's cart (guest-id header) moves into it.",
    caller: "anyone",
    answer: { status: 201, schema: signedInAnswer },
    errors: [
      "409 account_exists: the email or phone already has an account here",
      "422 invalid_referral: `referred_by` is no customer's code in this store (`issues[0].path` is referred_by); a code only records the referral, whose rewards come with the new customer's first delivered order",
      "429 too_many_requests with Retry-After: 20 registrations per client an hour, counted before anything else; 50 unknown referral codes per client in 15 minutes (with get-referrer-user)",
      "503 not_configured: no PASSWORD_PEPPER",
    ],
  },
  "GET /api/get-referrer-user": {
    summary:
      "Who sent a referral link (`referred_by`, the code in /r/{code}): their first name only, and what the store gives a new customer who registers with the code, when their first order is delivered (major units, 0 for nothing), in which wallet.",
    caller: "anyone",
    answer: { status: 200, type: "ReferrerAnswer", file: "worker/api/referrals.ts" },
    errors: [
      "404 referral_not_found: no customer of this store has the code",
      "429 too_many_requests with Retry-After: 50 unknown codes per client in 15 minutes",
    ],
  },
  "GET /api/user/referral": {
    summary:
      "The customer's referral code, the link to share (/r/{code} on the store's address), the store's rewards for both sides (major units) and the wallet they go to, and how many friends joined and were rewarded. Both rewards are credited when the friend's first order is delivered, once per friend (decision 038); `invited_by.earned` says whether this customer's own welcome reward has been.",
    caller: "customer",
    answer: { status: 200, type: "ReferralAnswer", file: "worker/api/referrals.ts" },
  },
  "POST /api/login": {
    summary: "Signs in with an email or a phone number and the password; a guest's cart moves into the customer's.",
    caller: "anyone",
    answer: { status: 200, schema: signedInAnswer },
    errors: [
      "422 invalid_credentials: the same answer for an unknown account and a wrong password",
      "429 too_many_requests with Retry-After: 10 tries per account (its email and phone together, with change-password) or 50 per client in 15 minutes, each counted before the password is checked; a sign-in that succeeds gives its try back",
    ],
  },
  "POST /api/send-login-otp": {
    summary:
      "Mails or texts a 6-digit sign-in code (10 minutes, 5 tries, a new code replaces the old) when an account uses the email or phone; the answer is the same when none does.",
    caller: "anyone",
    answer: { status: 200, schema: sentAnswer },
    errors: [
      "429 too_many_requests with Retry-After: one send per 30 s and five per hour to a destination, 10 an hour per client and 500 an hour per store (with send-forgot-password-email), account or not",
      "503 messages_not_set_up: the deployment has no messages transport (MESSAGES_URL), so nothing is sent or counted",
    ],
  },
  "POST /api/login-otp": {
    summary: "Trades a sign-in code for a session, as /api/login does; a guest's cart moves into the customer's.",
    caller: "anyone",
    answer: { status: 200, schema: signedInAnswer },
    errors: [
      "422 invalid_code: one answer for a wrong, expired, used, out-of-tries or never-sent code",
      "429 too_many_requests with Retry-After: 50 tries per client in 15 minutes, counted before the code is checked",
    ],
  },
  "POST /api/send-forgot-password-email": {
    summary:
      "Mails a link to /forgot-password?token=… (single use, 30 minutes, a new link replaces the old) when the email is an account's; the answer is the same when it is not.",
    caller: "anyone",
    answer: { status: 200, schema: sentAnswer },
    errors: [
      "429 too_many_requests with Retry-After: one send per 30 s and five per hour to an email, 10 an hour per client and 500 an hour per store (with send-login-otp)",
      "503 messages_not_set_up: the deployment has no messages transport (MESSAGES_URL), so nothing is sent or counted",
    ],
  },
  "POST /api/verify-forgot-password": {
    summary: "Sets a new password with a reset link's token, ends every session of the account, and signs in with a new one.",
    caller: "anyone",
    answer: { status: 200, schema: signedInAnswer },
    errors: ["422 invalid_token: the link expired, was used or replaced, or is not this store's"],
  },
  "GET /api/address/get-addresses": {
    summary: "The customer's saved addresses, the default first, then the newest.",
    caller: "customer",
    answer: { status: 200, type: "AddressesAnswer", file: "worker/api/addresses.ts" },
  },
  "POST /api/address/add": {
    summary:
      "Saves an address (at most 20); the first one, or one sent with make_default, becomes the default. Every address has a position: one sent without latitude and longitude is placed by the geocoder (its written address within its pincode, else the pincode). Answers the whole list.",
    caller: "customer",
    answer: { status: 201, type: "AddressesAnswer", file: "worker/api/addresses.ts" },
    errors: [
      "422 address_limit: the customer has 20 addresses already",
      "422 address_not_placed: sent without a position and the geocoder cannot place it (`issues[0].path` is pincode)",
      "503 geocoding_unavailable with Retry-After / 502 geocoding_failed: the geocoder could not answer",
    ],
  },
  "POST /api/address/delete": {
    summary: "Deletes one of the customer's addresses; deleting the default makes the newest remaining one the default.",
    caller: "customer",
    answer: { status: 200, type: "AddressesAnswer", file: "worker/api/addresses.ts" },
    errors: ["404 address_not_found: not this customer's address in this store (nothing changes)"],
  },
  "POST /api/address/set-default": {
    summary: "Makes one of the customer's addresses the default (exactly one is).",
    caller: "customer",
    answer: { status: 200, type: "AddressesAnswer", file: "worker/api/addresses.ts" },
    errors: ["404 address_not_found: not this customer's address in this store (nothing changes)"],
  },
  "GET /api/google/address": {
    summary:
      "A position to an address (lat and lng), or text to candidate places (q): Google's Geocoding API when GOOGLE_MAPS_API_KEY is set, else the offline gazetteer of the demo stores' areas.",
    caller: "anyone",
    answer: { status: 200, type: "PlacesAnswer", file: "worker/api/geocoding.ts" },
    errors: [
      "503 geocoding_unavailable with Retry-After: the geocoder is over its limit or down",
      "502 geocoding_failed: the geocoder refused or answered nonsense",
    ],
  },
  "GET /api/get-branches": {
    summary:
      "The store's branches for the location drawer and /location: open now or not (in each branch's time zone), closed to shoppers or not, delivery and pickup; with `latitude` and `longitude`, nearest first with the distance and whether each delivers there.",
    caller: "anyone",
    answer: { status: 200, type: "BranchesAnswer", file: "worker/api/branches.ts" },
  },
  "GET /api/get-branch-based-on-gps": {
    summary:
      "The branch that serves a position: the nearest whose delivery area (polygon, else radius) and slabs reach it, open to shoppers and taking delivery; `branch: null` when none does (the unserviceable screen). Also every branch as get-branches answers them for that position.",
    caller: "anyone",
    answer: { status: 200, type: "BranchAtPositionAnswer", file: "worker/api/branches.ts" },
  },
  "POST /api/select-branch": {
    summary:
      "Checks a branch the shopper chose: this store's and open to shoppers. Moves the shopper's cart at the call's `branch_id` (the branch they leave) into their cart at the chosen branch (quantities add, capped; the coupon goes along where the new cart has none; lines the new branch does not sell show there as unavailable). Answers the branch; the page that asked sets the shopper's branch cookie.",
    caller: "anyone",
    answer: { status: 200, type: "SelectedBranchAnswer", file: "worker/api/branches.ts" },
    errors: [
      "404 branch_not_found: no such branch in this store (another store's id included); nothing changes",
      "409 branch_closed: the branch is closed to shoppers; nothing changes",
      "429 too_many_requests: the shopper's cart changes are over their limit; nothing changes",
    ],
  },
  "GET /api/check-pincode": {
    summary:
      "Whether the store delivers to a pincode, from which branch (the nearest that delivers there) and for what delivery charge, by the cart's own delivery rule.",
    caller: "anyone",
    answer: { status: 200, type: "PincodeAnswer", file: "worker/api/geocoding.ts" },
  },
  "GET /api/get-all-orders": {
    summary:
      "A page of the customer's orders in this store, newest first; `status` keeps one status only, or `active` the orders still in progress (pending_payment, placed, confirmed, packed, out_for_delivery).",
    caller: "customer",
    answer: { status: 200, type: "Page<OrderSummary>", file: "worker/orders/order-answer.ts" },
  },
  "GET /api/checkout-options": {
    summary: "What /checkout offers in this store and branch: the ways to pay, cash on delivery's maximum, and pickup at the branch.",
    caller: "customer",
    answer: { status: 200, type: "CheckoutOptions", file: "worker/payments/checkout-options.ts" },
    errors: [
      "403 store_closed: the store is switched off (globalStoreEnable false)",
      "403 branch_closed: the branch (branch_id) is closed to shoppers (decision 087)",
    ],
  },
  "POST /api/place-order": {
    summary:
      "Places an order from the customer's cart, once per `Idempotency-Key` header (16–64 URL-safe characters): the same key and request answer the same order (200, `Idempotent-Replayed: true`), never a second. The server re-prices the cart at the chosen address; `expected_total` must be the total the shopper saw. Cash orders are `placed`; online orders `pending_payment` until paid. `use_wallet` and `use_reward` pay what the wallets can (reward first, up to the store's cap, then cash), computed from the balances at placing and debited with the order; the rest is paid by `payment_method` (cash on delivery's maximum applies to the rest), and when nothing is left the order is `placed` and `paid` (`payment_method` answers `wallet`; the one sent is ignored). The bill answers `wallet_amount`, `reward_amount` and `to_pay`. Answers `{ order: OrderAnswer }` with 201.",
    caller: "customer",
    answer: { status: 201, type: "{ order: OrderAnswer }", file: "worker/orders/order-answer.ts" },
    errors: [
      "409 price_changed / cart_changed: nothing was placed; the body carries `cart` (CartAnswer) with the new figures",
      "409 wallet_changed: other orders kept spending the same wallet credit while this one was placed; nothing was placed, read the wallet again",
      "409 out_of_stock: the branch has fewer left of an item than the cart holds (sold meanwhile); the message names the item, nothing was placed, the body carries `cart`",
      "422 empty_cart, unavailable_items, unserviceable, coupon_unavailable (with `cart`), address_required, address_not_found, address_not_placed (a saved address without a position: the delivery area cannot be tested), pickup_unavailable, payment_method_unavailable, cod_limit",
      "422 idempotency_key_reused: the key placed another request's order",
      "403 store_closed: the store is switched off (globalStoreEnable false)",
      "403 branch_closed: the branch (branch_id) is closed to shoppers (decision 087)",
      "429 too_many_requests",
    ],
  },
  "GET /api/check-wallet": {
    summary:
      "What the customer's wallets can pay of the cart as priced now (the same pricing as place-order): the cash wallet's balance, the reward wallet's balance, the store's cap of reward per order (null: none) and so what the rewards can pay of this cart, and the cart's total. Lapsed credits are expired first. Major units.",
    caller: "customer",
    answer: { status: 200, type: "CheckWalletAnswer", file: "worker/wallet/wallet-answers.ts" },
  },
  "GET /api/user/wallet-history": {
    summary:
      "One wallet's balance (`wallet`: cash, the default, or reward) and a page of its entries, newest first: each signed amount, what it was (an order's with its number and id), and when a credit lapses; with the store's reward rules (percent earned per delivered order, cap per order, days a reward lasts).",
    caller: "customer",
    answer: { status: 200, type: "WalletHistoryAnswer", file: "worker/wallet/wallet-answers.ts" },
  },
  "GET /api/get-single-order": {
    summary: "One of the customer's orders by its id (`order_id`, the public id in every order URL): items, bill, payment, history.",
    caller: "customer",
    answer: { status: 200, type: "OrderAnswer", file: "worker/orders/order-answer.ts" },
    errors: ["404 order_not_found: no such order of this customer in this store"],
  },
  "POST /api/reorder": {
    summary:
      "Adds an order's lines (`order_id`) to the customer's current cart: the same products, options and quantities, at today's prices, each through the cart's own rules. A line the cart refuses (no longer sold, options gone, a quantity or line limit) is skipped and counted. Answers `{ cart: CartAnswer, added, skipped }`.",
    caller: "customer",
    answer: { status: 200, type: "{ cart: CartAnswer, added: number, skipped: number }", file: "worker/cart/cart-answer.ts" },
    errors: [
      "404 order_not_found: no such order of this customer in this store",
      "403 store_closed: the store is switched off (globalStoreEnable false)",
      "403 branch_closed: the branch (branch_id) is closed to shoppers (decision 087)",
      "429 too_many_requests",
    ],
  },
  "GET /api/user/scratch-cards": {
    summary:
      "A page of the customer's scratch cards in this store, newest first: each with its id, the order that earned it, its status (unscratched, redeemed, or expired: unscratched past `expires_at`), and its amount once redeemed (null before: scratching reveals it).",
    caller: "customer",
    answer: { status: 200, type: "Page<ScratchCardAnswer>", file: "worker/scratch-cards/card-answer.ts" },
  },
  "POST /api/user/redeem-scratch-card": {
    summary:
      "Scratches a card (`scratch_card_id`): the card becomes redeemed and its amount is credited to its wallet, in one batch, once. Redeeming a card already redeemed answers the same again (200, idempotent) and credits nothing more. Answers `{ amount, wallet, wallet_balance, reward_balance }` in major units.",
    caller: "customer",
    answer: { status: 200, type: "RedeemAnswer", file: "worker/scratch-cards/redeem-card.ts" },
    errors: [
      "404 scratch_card_not_found: no such card of this customer in this store",
      '422 scratch_card_expired: "This scratch card has expired."',
    ],
  },
  "POST /api/logout": {
    summary: "Ends the session of the bearer token.",
    caller: "customer",
    answer: { status: 200, schema: okAnswer },
  },
  "GET /api/user/details": {
    summary: "The signed-in customer.",
    caller: "customer",
    answer: { status: 200, schema: customerAnswer },
  },
  "POST /api/user/update-details": {
    summary:
      "Changes the customer's name, email and phone. A new email or phone needs `current_password`; it ends every other session of the account, and the old email and phone are each sent a link (/account/undo-change?token=…, 7 days) that puts them back (undo-contact-change).",
    caller: "customer",
    answer: { status: 200, schema: customerAnswer },
    errors: [
      "409 account_exists: another account of this store has the email or phone (`issues[0].path` names which)",
      "422 invalid_credentials: a new email or phone without the current password, or with a wrong one (`issues[0].path` is current_password)",
      "429 too_many_requests with Retry-After: 10 tries per account in 15 minutes (with login and change-password)",
    ],
  },
  "POST /api/undo-contact-change": {
    summary:
      "Undoes a change of email or phone with the token of the link sent to the old ones: puts the old email and phone back, sets `password`, ends every session and any reset link of the account, and signs in with a new session, as /api/login does. Single use.",
    caller: "anyone",
    answer: { status: 200, schema: signedInAnswer },
    errors: [
      "409 account_exists: another account now has the old email or phone; nothing changed",
      "422 invalid_token: the link expired, was used, or is not this store's",
    ],
  },
  "POST /api/user/change-password": {
    summary:
      "Changes the password, given the current one. Every other session of the account ends; this one stays open. The account's email and phone are told, with a reset link in case it was not the owner.",
    caller: "customer",
    answer: { status: 200, schema: okAnswer },
    errors: [
      "422 invalid_credentials: the current password is wrong (`issues[0].path` is current_password)",
      "429 too_many_requests with Retry-After: 10 tries per account in 15 minutes (with login and update-details), each counted before the password is checked",
    ],
  },
  "POST /api/user/change-avatar": {
    summary:
      "Replaces the customer's picture (multipart/form-data, one file field `avatar`). Checked by content: PNG, JPEG or WebP of at most 2 MB. Served from /media/… under a new name each time, cached for a year.",
    caller: "customer",
    answer: { status: 200, schema: customerAnswer },
    errors: ["422 invalid_image: not a PNG, JPEG or WebP, or over 2 MB", "413 payload_too_large: a body over 4 MB"],
  },
  "POST /api/razorpay/pay": {
    summary:
      "The pay step of an online order waiting for payment: creates the Razorpay order once per order, even for two first pay steps at once or a creation whose reply was lost (the first waits for it; an order already made with the receipt is reused), with the amount in subunits, receipt = `{order number}-{order id}` (unique), notes {store, order}, and reuses it for every retry; answers what Razorpay Checkout (with JS) or the hosted checkout form (without) needs. A store without keys uses the developer test gateway only while DEV_TOOLS=1.",
    caller: "customer",
    answer: { status: 200, type: "PayAnswer", file: "worker/payments/pay-answer.ts" },
    errors: [
      "404 order_not_found: not this customer's online order in this store",
      "409 already_paid / not_payable: the order takes no payment now (paid, closed, or past its payment window)",
      "422 payment_gateway_refused: Razorpay refused the order (an amount under its minimum of 100 subunits, say); trying again cannot help",
      "502 payment_gateway_failed: Razorpay did not answer (or answered 5xx / 429); 502 payment_gateway_refused: the store's keys were refused",
      "503 payment_unavailable: the store has no Razorpay keys; 503 payment_busy with Retry-After: another pay step is creating this order's Razorpay order",
    ],
  },
  "POST /api/razorpay/process-payment": {
    summary:
      "Razorpay Checkout's handler result for our order: the signature (hex HMAC-SHA256 with the key secret of `order_id|payment_id`, order_id being the Razorpay order STORED for this order) is checked in constant time; then Razorpay is asked for that payment (GET /v1/payments/:id): the order is paid only when Razorpay has it captured for this order's amount and currency, an authorized one being captured first (POST /v1/payments/:id/capture). A payment Razorpay has not captured yet leaves the order waiting (the webhook or the cron finishes it). The same result again changes nothing.",
    caller: "customer",
    answer: { status: 200, type: "OrderAnswer", file: "worker/orders/order-answer.ts" },
    errors: [
      "400 payment_not_verified: a tampered signature, another order's, or a Razorpay order id other than the stored one; nothing changes",
      "404 order_not_found: not this customer's order",
    ],
  },
  "POST /api/razorpay/callback": {
    summary:
      "The no-JS checkout's redirect back (Razorpay's hosted checkout, or the test gateway): a form post (razorpay_payment_id, razorpay_order_id, razorpay_signature; or error[code], error[description], error[metadata]) checked as process-payment checks it; a failure is applied only when Razorpay's API confirms it. Exempt from the origin check; answers 303 to /order-placed/{order_id} in every case.",
    caller: "anyone",
    answer: { status: 303, schema: z.null().check(z.meta({ description: "Location: /order-placed/{order_id}" })) },
    errors: ["404 order_not_found: no such order in this store"],
  },
  "POST /api/razorpay/webhook": {
    summary:
      "Razorpay's webhook for the store (payment.authorized (captured by us), payment.captured, order.paid, payment.failed, refund.processed, refund.failed (the cron asks again)): X-Razorpay-Signature must be the HMAC (webhook secret) of the raw body; each x-razorpay-event-id is applied once; orders only move forward. Exempt from the origin check.",
    caller: "anyone",
    answer: {
      status: 200,
      schema: z.object({
        ok: z.literal(true),
        result: z.enum(["moved", "unchanged", "mismatch", "refunding", "pending", "not_verified", "duplicate", "ignored", "unknown_order"]),
      }),
    },
    errors: [
      "401 invalid_signature: the signature does not match, or the store has no Razorpay keys",
      "400 invalid_input: not JSON, or no event id",
    ],
  },
  "POST /api/cancel-order": {
    summary:
      "Cancels the customer's own order while it is waiting for payment, placed or confirmed and the store's cancel window is open: the payment is voided (nothing taken) or a refund is due (refund_due), the coupon use is given back, and the customer is told by mail and text.",
    caller: "customer",
    answer: { status: 200, type: "CancelAnswer", file: "worker/orders/cancel-order.ts" },
    errors: [
      "404 order_not_found: no such order of this customer in this store (nothing changes)",
      "422 cannot_cancel: `This order has been dispatched and can no longer be cancelled.`, `The time to cancel this order has passed.`, or it is already finished",
    ],
  },
  "POST /api/rate-order-item": {
    summary:
      "Rates one line of the customer's delivered order (1–5, optional text), once; it shows at once in the product's reviews and rating summary, signed with the customer's first name.",
    caller: "customer",
    answer: { status: 201, type: "RatingAnswer", file: "worker/orders/order-ratings.ts" },
    errors: [
      "404 order_not_found: no such order of this customer; 404 line_not_found: no such line in it",
      "409 already_rated: the line has a rating",
      "422 not_delivered: the order is not delivered",
    ],
  },
  "GET /api/get-single-order-to-track": {
    summary:
      "Where an order is, for anyone holding its id (the tracking link): its status, the timeline of its steps and what is in it by name; no address, phone or prices.",
    caller: "anyone",
    answer: { status: 200, type: "TrackingAnswer", file: "worker/orders/order-answer.ts" },
    errors: ["404 order_not_found: no such order in this store"],
  },
  "GET /api/order-updates": {
    summary:
      'A WebSocket (ask with `Upgrade: websocket`) that tells of an order\'s moves as they happen, for the order pages (decision 051). With `order_id`: that order, for anyone holding its id (the tracking link), as get-single-order-to-track; without: every order of the signed-in customer (the My orders page listens at the page address `/account/order-updates` instead, with its session cookie, from the store\'s own pages only). Each move is one JSON text `{ type: "order", id, order_id, number, status, status_text, final }`; `id` only grows, and a client that reconnects with `after=<the last id it saw>` is first sent what it missed, then `{ type: "ready", id }` (also the first message of a new connection). A connection to one order is closed (4000) once the order is final, and at once, after `ready`, when it is final already. Send `ping` to keep it open (answered `pong`). The handshake\'s answer is `private, no-store`. ' +
      `Open connections are capped (decision 051): ${LIVE_SOCKET_CAPS.order} to one order, ${LIVE_SOCKET_CAPS.customer} to one customer's orders (this call and the My orders page address together), and ${LIVE_SOCKET_CAPS.client} from one client address across the store; past a cap the answer is 429 with \`Retry-After: ${LIVE_CAP_RETRY_AFTER_SECONDS}\`.`,
    caller: "anyone",
    answer: { status: 101, type: "LiveMessage (messages)", file: "worker/orders/live-messages.ts" },
    errors: [
      "426 upgrade_required: not a WebSocket handshake",
      "404 order_not_found: no such order in this store",
      "401 unauthenticated: no `order_id` and no signed-in customer",
      "429 too_many_requests: as many connections are open to the order or the customer's orders, or from this client, as are allowed",
    ],
  },
  "POST /api/page-speed": {
    summary:
      "A storefront page's beacon (decision 084): the page's kind and the LCP, INP and CLS the browser measured, counted in the store's histogram for the day in the store's time zone. The pages send it once, when they are hidden, with `navigator.sendBeacon`; where the store asks for cookie consent, only after the shopper accepted. The body is read as JSON whatever its `Content-Type` (a beacon's string is `text/plain`), and may be at most 1 KiB. It names no address, shopper or device, and the call reads no session, no `guest-id` and no `branch_id`, and sets no cookie. Each client address may send 60 a minute to a store; past that a beacon is refused and not counted.",
    caller: "anyone",
    answer: { status: 204 },
    errors: [
      "400 invalid_input: an unknown `kind`, a metric out of its range or not a number, or no metric at all",
      "429 too_many_requests",
    ],
  },
  "POST /api/mcp": {
    summary:
      "The store's MCP server for AI assistants (decision 089; docs/agents.md): Model Context Protocol over Streamable HTTP, stateless, one JSON-RPC 2.0 message per request answered as JSON. Its tools follow the Universal Commerce Protocol's MCP binding (search_catalog, lookup_catalog, get_product, create_cart, get_cart, update_cart, cancel_cart, create_checkout, get_order) with list_categories and list_branches; they call this API as a guest of the agent's own, so the request's own `Authorization`, `guest-id` and cookies are never read. A tool's refusal is a tool result with `isError` and the store's message, never an HTTP error. GET and DELETE are 405 (no stream, no session). Each client address may make 120 requests a minute to a store.",
    caller: "anyone",
    answer: { status: 200, type: "McpAnswer", file: "worker/agents/mcp-server.ts" },
    errors: [
      "404 agents_off: the store turned its MCP server off (`agentsEnable` false)",
      "405 method_not_allowed: GET or DELETE",
      "403 cross_origin: a browser's request from another site",
      "429 too_many_requests",
    ],
  },
  "GET /api/get-wishlist": {
    summary:
      "A page of the customer's wishlist, newest first: each item the product's card as the catalogue lists it with `available: true`, or, for a product the store no longer has, `{ id, name, image, available: false }` (its name and picture when it was added), listed until removed.",
    caller: "customer",
    answer: { status: 200, type: "Page<WishlistItem>", file: "worker/wishlist/wishlist-store.ts" },
  },
  "GET /api/get-wishlist-ids": {
    summary:
      "The ids of every product on the customer's wishlist (at most 200), for filling hearts on cards and product pages without asking per product; catalogue answers never carry this.",
    caller: "customer",
    answer: { status: 200, schema: wishlistIdsAnswer },
  },
  "POST /api/toggle-wishlist-product": {
    summary:
      "Puts a product on the customer's wishlist or takes it off: `wishlisted: true` or `false` sets that state (the same call twice changes nothing), without it the call toggles. Answers the state now. A product the store no longer has can still be removed.",
    caller: "customer",
    answer: { status: 200, schema: wishlistChangeAnswer },
    errors: [
      "404 not_found: no such product in this store (another store's id included), and not on the list",
      "422 wishlist_full: the wishlist holds 200 products already",
      "429 too_many_requests",
    ],
  },
  "POST /api/admin/images": {
    summary:
      "Keeps a product, category, banner or logo image (`kind`) of the store: the body is the image's bytes, or multipart/form-data with one file field `file`. Its type is read from its bytes (PNG, JPEG or WebP), at most 5 MB. It is stored in R2 under the SHA-256 of its bytes, per store, so the same bytes again are stored once (200 instead of 201) and keep their address; the answer's `path` (or `url`, with the store's host) is what a store file refers to. Served from `/media/images/…` on the store's host with `Cache-Control: public, max-age=31536000, immutable` and an ETag; another store's image is a 404 there.",
    caller: "store",
    answer: { status: 201, type: "StoreImageAnswer", file: "worker/media/store-images.ts" },
    errors: [
      "400 image_missing: an empty body, or a multipart body without a file field `file`",
      "413 image_too_large: an image over 5 MB",
      "413 payload_too_large: a body over 10 MB, refused before it is read",
      "415 unsupported_image_type: not a PNG, JPEG or WebP by its bytes",
    ],
  },
  "GET /api/admin/go-live": {
    summary:
      "What the store needs to be live, each setting as set or missing: the deployment's PASSWORD_PEPPER, PAYMENT_SECRETS_KEY, messages transport (MESSAGES_URL with MESSAGES_TOKEN) and GOOGLE_MAPS_API_KEY, and the store's Razorpay keys and webhook secret. Never a value, only whether it is there. `npm run doctor -- --remote` prints it.",
    caller: "store",
    answer: { status: 200, schema: goLiveReportSchema },
  },
  "GET /api/admin/orders": {
    summary: "A page of the store's orders, newest first, optionally of one status.",
    caller: "store",
    answer: { status: 200, type: "Page<StoreOrderSummary>", file: "worker/orders/store-orders.ts" },
  },
  "GET /api/admin/order-updates": {
    summary:
      'A WebSocket (ask with `Upgrade: websocket` and the store key as the bearer) that tells of every new order and every move of the store\'s orders as it happens, so a kitchen screen needs no polling (decision 051): one JSON text `{ type: "order", id, at, order }` per move, `order` the heading of the order as the admin list has it. Reconnect with `after=<the last id seen>` to be sent what was missed first (at most 100; past that `{ type: "gap", id }`: read GET /api/admin/orders again and listen from `id`), then `{ type: "ready", id }`. Send `ping` to keep it open (answered `pong`). ' +
      `At most ${LIVE_SOCKET_CAPS.store} of these are open at once per store, and ${LIVE_SOCKET_CAPS.client} connections of any kind from one client address (decision 051); past either the answer is 429 with \`Retry-After: ${LIVE_CAP_RETRY_AFTER_SECONDS}\`.`,
    caller: "store",
    answer: { status: 101, type: "LiveMessage (messages)", file: "worker/orders/live-messages.ts" },
    errors: [
      "426 upgrade_required: not a WebSocket handshake",
      "429 too_many_requests: as many of the store's streams are open as are allowed, or as many connections from this client",
    ],
  },
  "GET /api/admin/orders/:order_id": {
    summary:
      "One order of the store, whole (as get-single-order answers it), with the customer's name and phone, and who made each move of its history: `actor` (customer, store, payment or system) and, for the store's, `staff_name` (the member at the desk) or `key_label` (the API key).",
    caller: "store",
    answer: { status: 200, type: "StoreOrderDetail", file: "worker/orders/store-orders.ts" },
    errors: ["404 order_not_found: no such order in this store"],
  },
  "POST /api/admin/orders/:order_id/status": {
    summary:
      "Moves the order forward to confirmed, packed, out_for_delivery or delivered (steps may be skipped, never taken back), or cancels it with a reason (the payment voided or a refund due, the coupon use given back). Delivering a cash order records the cash as collected. The history records each move; the customer is told of delivery and cancellation, and every move reaches the live order updates.",
    caller: "store",
    answer: { status: 200, type: "StoreOrderDetail", file: "worker/orders/store-orders.ts" },
    errors: [
      "404 order_not_found: no such order in this store",
      "409 invalid_transition: the table of moves does not allow it (the message says why)",
    ],
  },
  "POST /api/admin/stock": {
    summary:
      "Sets the store's stock figures (decision 053): for each item, the units of a product left at a branch (a stocktake: it replaces the figure), or `quantity: null` to stop counting it there (sold without limit, as an uncounted product always is). All items apply in one batch or none. Cards and product pages at that branch then say in stock, only a few left (at or below the `lowStockThreshold` setting, default 5) or out of stock; orders take from the figure and cancelled or expired orders give back. Answers each item with its `stock` level. Needs a key of scope store or all.",
    caller: "store",
    answer: { status: 200, type: "{ items: (StockFigure & { stock: StockLevel | null })[] }", file: "worker/stock-admin/set-stock.ts" },
    errors: ["422 unknown_item: a product or branch id the store does not have (named in the message); nothing was set"],
  },
  "PUT /api/admin/store": {
    summary:
      "Replaces the whole store with the body, a store file as `npm run store:import` takes it (docs/store-import.md), with the same checks and messages. It applies in one batch or not at all; the store's cache markers are bumped, so shoppers see it on their next request. Needs a key of scope store or all.",
    caller: "store",
    answer: { status: 200, schema: importAnswer },
    errors: [...storeFileErrors(), "403 forbidden: the key's scope is orders"],
  },
  "PUT /api/admin/store/:section": {
    summary:
      "Replaces one section of the store file (the body is that section's value: an array of products, the settings object…), merged into the file the store's last import applied; the whole store is then checked and written as by PUT /api/admin/store.",
    caller: "store",
    answer: { status: 200, schema: importAnswer },
    errors: [
      ...storeFileErrors(),
      "403 forbidden: the key's scope is orders",
      "409 no_store_file: the store has not been imported since store files were kept: send the whole file once",
    ],
  },
  "GET /api/admin/keys": {
    summary:
      "The store's API keys, live and revoked, each with its label, scope and when it was made, last used and revoked; never a key nor its hash. Needs a key of scope all.",
    caller: "store",
    answer: { status: 200, schema: storeKeysAnswer },
    errors: ["403 forbidden: the key's scope is orders or store"],
  },
  "POST /api/admin/keys": {
    summary:
      "Makes an API key of the store with a label and a scope (all, orders or store; default all), as `npm run store:api-key` does; the key is in this answer only (only its SHA-256 is kept). Needs a key of scope all.",
    caller: "store",
    answer: { status: 201, schema: madeKeyAnswer },
    errors: ["403 forbidden: the key's scope is orders or store"],
  },
  "POST /api/admin/keys/:id/revoke": {
    summary:
      "Revokes the store's key `id`: the very next call made with it is 401, on every isolate (each call checks its key in D1). Revoking a revoked key changes nothing and answers it as it is (its first revoked_at). A key may revoke itself; `npm run store:api-key` can always make a new one. Needs a key of scope all.",
    caller: "store",
    answer: { status: 200, schema: storeKeyAnswer },
    errors: [
      "403 forbidden: the key's scope is orders or store",
      "404 key_not_found: the store has no key with this id (another store's included)",
    ],
  },
  "GET /api/admin/staff": {
    summary:
      "The store's present staff: who may sign in to the owner's desk at /admin/login, with their role (owner: the whole desk; orders: the orders board and today's numbers). Never a password nor its hash. Needs a key of scope all.",
    caller: "store",
    answer: { status: 200, schema: staffListAnswer },
    errors: ["403 forbidden: the key's scope is orders or store"],
  },
  "POST /api/admin/staff": {
    summary:
      "Adds a staff member with a name, email, password (the shoppers' rules: 8 to 128 characters) and role, as `npm run store:staff` does. They sign in at /admin/login, into a desk session of their own (decision 083). Needs a key of scope all.",
    caller: "store",
    answer: { status: 201, schema: staffMemberAnswer },
    errors: [
      "403 forbidden: the key's scope is orders or store",
      "409 staff_exists: the store has (or had) a member with this email",
      "503 not_configured: the Worker has no PASSWORD_PEPPER",
    ],
  },
  "POST /api/admin/staff/:id/remove": {
    summary:
      "Removes the member `id`: they can no longer sign in, and their open desk sessions end at once. The orders they moved still name them. Needs a key of scope all.",
    caller: "store",
    answer: { status: 200, schema: okAnswer },
    errors: ["403 forbidden: the key's scope is orders or store", "404 staff_not_found: the store has no present member with this id"],
  },
  "POST /api/platform/stores": {
    summary:
      "Creates a store from a store file (docs/store-import.md) and issues its first API key (scope all), shown only in this answer. Served at any host name.",
    caller: "platform",
    answer: { status: 201, schema: createdStoreAnswer },
    errors: [
      ...storeFileErrors(),
      "409 store_exists: a store has this slug",
      "403 not_configured: the Worker has no PLATFORM_KEY_SHA256, so no key can create stores",
      "422 unknown_database: `database` names no store database of this deployment",
      "503 store_unavailable (Retry-After): the chosen database is not bound in this deployment",
    ],
  },
  "POST /api/platform/stores/:slug/move": {
    summary:
      "Moves the store to another store database (decision 061) with every order, ledger, session and key. While it switches the store's writes are refused with 503 `store_moving` and Retry-After (never lost, never written to the old copy after the switch); its reads go on. Shoppers stay signed in and keep their carts. Served at any host name.",
    caller: "platform",
    answer: { status: 200, schema: moveStoreAnswer },
    errors: [
      "404 unknown_store: no store has this slug",
      "409 same_database: the store is already in that database",
      "409 already_moving: a move of this store is under way",
      "409 ids_taken: the database already has rows with the store's ids",
      "422 unknown_database: `database` names no store database of this deployment",
      "503 store_unavailable (Retry-After): a database of the move is not bound in this deployment",
      "503 move_failed (Retry-After): the copy failed and was undone; the store is served from where it was",
    ],
  },
  "GET /api/platform/databases": {
    summary:
      "Each store database of this deployment: its location hint, whether new stores may be placed in it, how many stores it holds and its schema version; and the directory's. Served at any host name.",
    caller: "platform",
    answer: { status: 200, schema: databaseReportAnswer },
    errors: [],
  },
};

/** What refuses a store file, at every call that takes one. */
function storeFileErrors(): string[] {
  return [
    "400 bad_request: the body is not JSON",
    "413 payload_too_large: the file is over 16 MiB",
    "422 invalid_store_file: the file breaks a rule; `issues` name each field as the CLI does (`products[2].selling_price`)",
    "503 import_failed (Retry-After): the write failed, or another store was created at the same moment; nothing changed",
  ];
}
