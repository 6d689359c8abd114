import type { Address } from "../../commerce/addresses";
import { type Message, message, say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { newPublicId } from "../../commerce/ids";
import { SOURCE_LANGUAGE } from "../../commerce/languages";
import { formatPrice, toMajor } from "../../commerce/money";
import { type CartPricing, priceCart } from "../../commerce/pricing";
import type { CheckoutSettings, PaymentMethod } from "../../commerce/settings/checkout-settings";
import { restMinimum } from "../../commerce/wallet";
import { sha256Hex } from "../../web/sha256";
import { addressFrom, addressStep } from "../accounts/addresses";
import { setDeliveryToSaved, setFulfillment } from "../cart/cart-settings";
import { type CartScope, cartProductIds, refusal, SCOPE_FIRST } from "../cart/cart-store";
import { type CartPricingContext, type CartPricingSteps, cartPricingFrom, cartPricingSteps } from "../cart/pricing-input";
import { OUT_OF_STOCK, orderStockRefusal, type StockLeft, stockRefusal } from "../catalog/stock-moves";
import { type NamedSteps, namedBatch, type Ran, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import { orderTender, tenderSteps, WALLET_OVERDRAFT } from "../wallet";
import { orderSteps } from "./order-batch";

/**
 * Places an order from a customer's cart, once per idempotency key (decision 024). The server prices the cart with
 * the same function as /cart, at the chosen address; the shopper's expected total must match, else nothing is
 * written and the new figures go back. Everything the order changes is ONE D1 batch (one transaction): the store's
 * counter, the order, its lines, its first history entry, its discount uses (limits enforced by a trigger, which
 * aborts the batch), and the emptied cart. The batch only writes while the cart is exactly what was priced, so an
 * order is never made from figures the shopper did not see, and a concurrent twin finds the order already there.
 *
 * The customer may pay part or all of it from their wallets (decision 027): the split is computed here from the
 * balances at placing time and debited in the same batch; a concurrent order that spent the same credit makes the
 * batch abort on the ledger's CHECKs, and placing reads the wallets again and retries.
 */

export interface PlaceOrderRequest {
  fulfillment: "delivery" | "pickup";
  address_id?: number | undefined;
  payment_method: PaymentMethod;
  note?: string | undefined;
  /** The total the shopper saw, major units. */
  expected_total: number;
  /** Pay what the wallets can: the cash wallet, and the reward wallet up to the store's cap. */
  use_wallet?: boolean | undefined;
  use_reward?: boolean | undefined;
}

export type PlaceOrderRefusal =
  | "empty_cart"
  | "unavailable_items"
  | "out_of_stock"
  | "address_required"
  | "address_not_found"
  | "address_not_placed"
  | "unserviceable"
  | "pickup_unavailable"
  | "coupon_unavailable"
  | "payment_method_unavailable"
  | "cod_limit"
  | "price_changed"
  | "cart_changed"
  | "wallet_changed"
  | "idempotency_key_reused";

/** A refused order: nothing was written. */
export class PlaceOrderError extends Error {
  constructor(
    readonly code: PlaceOrderRefusal,
    readonly text: Message,
  ) {
    // Its English, for logs; the answer puts `text` into the caller's language.
    super(say(translatorOf(SOURCE_LANGUAGE), text));
    this.name = "PlaceOrderError";
  }
}

/** `reads`: the results of the caller's reads, run after the order's writes in the same batch (a new order only). */
export type Placed<R extends NamedSteps = NamedSteps> = { publicId: string; replayed: boolean; reads?: Ran<R> };

/** The order a key placed before: its answer is the caller's to read. */
type Replayed = { publicId: string; replayed: true };

/** Statements the caller wants run after a new order's writes, in the same batch, given the order's public id. */
export type ReadsAfter<R extends NamedSteps> = (publicId: string) => R;

const UNIQUE_KEY_VIOLATION = /UNIQUE constraint failed: orders\.tenant_id, orders\.owner, orders\.idempotency_key/;
const COUPON_LIMIT = /coupon_(usage|customer)_limit/;
/** Placing reads the wallets again this many times when concurrent orders keep spending the same credit. */
const WALLET_ATTEMPTS = 4;

async function requestHash(request: PlaceOrderRequest): Promise<string> {
  const wallets = request.use_wallet || request.use_reward ? [Boolean(request.use_wallet), Boolean(request.use_reward)] : [];
  const asked = JSON.stringify([request.fulfillment, request.address_id ?? null, request.payment_method, request.note ?? "", ...wallets]);
  return sha256Hex(asked);
}

/** The order this key already placed, if any, for a caller's batch. */
function keyedOrderStep(db: D1Database, scope: CartScope, key: string) {
  return step<KeyedOrder>(
    db
      .prepare("SELECT public_id, request_hash FROM orders WHERE tenant_id = ?1 AND owner = ?2 AND idempotency_key = ?3")
      .bind(scope.tenantId, scope.owner, key),
  );
}

interface KeyedOrder {
  public_id: string;
  request_hash: string;
}

/** The order a key already made: the same order for the same request, a refusal for another request. */
function replayOf(existing: KeyedOrder, hash: string): Replayed {
  if (existing.request_hash !== hash) throw new PlaceOrderError("idempotency_key_reused", message("errors.checkout_key_reused"));
  return { publicId: existing.public_id, replayed: true };
}

/** The order this key already made, read now (a refusal's path: was it a replay, or a twin's order?). */
async function replay(db: D1Database, scope: CartScope, key: string, hash: string): Promise<Replayed | null> {
  const existing = (await keyedOrderStep(db, scope, key).statement.all<KeyedOrder>()).results[0];
  return existing ? replayOf(existing, hash) : null;
}

type SavedAddress = Address | null;

/** What placing starts from, read in the batch that points the cart at the order's fulfillment. */
interface Chosen {
  address: SavedAddress;
  /** The cart's pricing (cartPricingSteps), as the order will be priced. */
  pricingReads: Ran<CartPricingSteps>;
  /** What the branch has left of the cart's products. */
  stock: StockLeft[];
  /** The order this key already placed. */
  earlier: KeyedOrder | null;
}

/**
 * Where the order goes, in one round trip: the cart is pointed at pickup or at the saved address (copied inside the
 * write), so its pricing is the order's, and its pricing, its stock and the key's earlier order are read in the same
 * batch, after the write. A refusal is told only after the caller has checked the key (placeOrder).
 */
async function chooseFulfillment(db: D1Database, scope: CartScope, customerId: number, key: string, request: PlaceOrderRequest) {
  const reads = { pricing: cartPricingSteps(db, scope), stock: cartStockStep(db, scope), earlier: keyedOrderStep(db, scope, key) };
  const chosen = (address: SavedAddress, ran: Ran<typeof reads>): Chosen => ({
    address,
    pricingReads: ran.pricing,
    stock: ran.stock.results,
    earlier: ran.earlier.results[0] ?? null,
  });
  if (request.fulfillment === "pickup") {
    const changed = await setFulfillment(db, scope, "pickup", reads).catch(() => {
      throw new PlaceOrderError("pickup_unavailable", message("errors.pickup_unavailable"));
    });
    return chosen(null, changed.reads);
  }
  if (request.address_id === undefined) throw new PlaceOrderError("address_required", message("errors.choose_delivery_address"));
  const saved = addressStep(db, scope.tenantId, customerId, request.address_id);
  const changed = await setDeliveryToSaved(db, scope, customerId, request.address_id, { saved, reads });
  const address = addressFrom(changed.reads.saved);
  if (changed.value) return chosen(address, changed.reads.reads);
  if (!address) throw new PlaceOrderError("address_not_found", message("errors.address_not_saved"));
  // Saved before every address was placed on the map: without a position the delivery area cannot be tested, and a
  // pincode alone would be priced at the base charge wherever it is.
  if (address.latitude === null || address.longitude === null)
    throw new PlaceOrderError("address_not_placed", message("errors.address_not_on_map"));
  throw refusal("branch_not_found");
}

/** The reasons an order cannot be made from this cart, in the order a shopper would fix them. */
function checkOrderable(context: CartPricingContext, pricing: CartPricing, request: PlaceOrderRequest) {
  const available = context.input.lines.filter((l) => l.isAvailable);
  if (available.length === 0) throw new PlaceOrderError("empty_cart", message("errors.cart_empty"));
  if (available.length < context.input.lines.length) throw new PlaceOrderError("unavailable_items", message("errors.items_unavailable"));
  if (request.fulfillment === "delivery" && !pricing.is_delivery_available)
    throw new PlaceOrderError("unserviceable", message("errors.unserviceable"));
  if (pricing.customer_applied_coupon !== null && !pricing.coupon_applied)
    throw new PlaceOrderError("coupon_unavailable", pricing.coupon_message ?? message("errors.coupon_unavailable"));
}

/** What the cart's branch has left of the cart's products it counts, read in the batch with the cart's pricing. */
function cartStockStep(db: D1Database, scope: CartScope) {
  return step<StockLeft>(
    db
      .prepare(
        `SELECT product_id, quantity FROM branch_stock WHERE tenant_id = ?1 AND branch_id = ?2 AND product_id IN (${cartProductIds(SCOPE_FIRST)})`,
      )
      .bind(scope.tenantId, scope.branchId, scope.owner),
  );
}

/**
 * Refuses an order of more than its branch has left of a product, naming the item (decision 053), from the stock read
 * with the cart's pricing (`left`), or read now.
 */
async function checkStock(db: D1Database, scope: CartScope, context: CartPricingContext, left?: StockLeft[]) {
  const lines = context.lines.map((l) => ({
    productId: l.product_id,
    quantity: l.quantity,
    name: context.products.get(l.product_id)?.name ?? "",
  }));
  const refused = left ? stockRefusal(left, lines) : await orderStockRefusal(db, scope.tenantId, scope.branchId, lines);
  if (refused) throw new PlaceOrderError("out_of_stock", refused);
}

/** How the rest (what the wallets leave to pay) is paid; nothing is asked of a rest of zero. */
function checkPayment(request: PlaceOrderRequest, settings: CheckoutSettings, rest: number, onlineAvailable: boolean, minimumRest: number) {
  if (rest === 0) return;
  if (!settings.paymentMethods.includes(request.payment_method))
    throw new PlaceOrderError("payment_method_unavailable", message("errors.payment_method_not_taken"));
  if (request.payment_method === "online" && !onlineAvailable)
    throw new PlaceOrderError("payment_method_unavailable", message("errors.online_payment_unavailable"));
  // Only an order smaller than the gateway's minimum leaves such a rest (the wallet split never does).
  if (request.payment_method === "online" && rest < minimumRest)
    throw new PlaceOrderError("payment_method_unavailable", message("errors.order_too_small_online"));
  if (request.payment_method === "cod" && settings.codMaxAmount !== null && rest > settings.codMaxAmount)
    throw new PlaceOrderError("cod_limit", message("errors.cod_limit"));
}

/**
 * Places the order, or answers the one this key already placed. Throws PlaceOrderError for a refusal (the caller
 * answers it with the re-priced cart where it helps).
 */
export async function placeOrder<R extends NamedSteps = NamedSteps>(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  scope: CartScope,
  customerId: number,
  key: string,
  request: PlaceOrderRequest,
  /** Whether the store's payment gateway is configured (worker/payments): "online" is refused without one. */
  onlineAvailable: boolean,
  /** Reads the caller wants from the new order, in its batch (the answer's), saving a round trip after it. */
  readsAfter?: ReadsAfter<R>,
  now: number = Date.now(),
): Promise<Placed<R>> {
  const hash = await requestHash(request);
  try {
    return await placeNew(db, tenant, scope, { customerId, key, hash, onlineAvailable, readsAfter }, request, now);
  } catch (error) {
    // This key placed the order before (a refusal is told only for a new key), or a twin request with it placed the
    // order (and emptied the cart) while this one was pricing.
    if (error instanceof PlaceOrderError && error.code !== "idempotency_key_reused") {
      const earlier = await replay(db, scope, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

async function placeNew<R extends NamedSteps>(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  scope: CartScope,
  asked: { customerId: number; key: string; hash: string; onlineAvailable: boolean; readsAfter: ReadsAfter<R> | undefined },
  request: PlaceOrderRequest,
  now: number,
): Promise<Placed<R>> {
  const { address, pricingReads, stock, earlier } = await chooseFulfillment(db, scope, asked.customerId, asked.key, request);
  if (earlier) return replayOf(earlier, asked.hash);
  const { checkout: settings, rewards } = tenant.settings;
  const context = cartPricingFrom(pricingReads, tenant.settings, now);
  const pricing = priceCart(context.input, (minor) =>
    formatPrice(toMajor(minor, tenant.settings.currency.decimalPlaces), context.currency),
  );
  checkOrderable(context, pricing, request);
  await checkStock(db, scope, context, stock);
  if (toMajor(pricing.total, tenant.settings.currency.decimalPlaces) !== request.expected_total)
    throw new PlaceOrderError("price_changed", message("errors.price_changed"));

  const publicId = newPublicId();
  const choice = { useCash: request.use_wallet === true, useReward: request.use_reward === true };
  // Set while the last attempt lost its credits to a concurrent order; cleared by any other outcome.
  let walletRaced = false;
  for (let attempt = 0; attempt < WALLET_ATTEMPTS; attempt++) {
    walletRaced = false;
    const minimumRest = restMinimum(context.currency.currencyCode);
    const tender = await orderTender(db, tenant.id, asked.customerId, pricing.total, choice, rewards.maxPerOrder, now, minimumRest);
    checkPayment(request, settings, tender.split.rest, asked.onlineAvailable, minimumRest);
    const draft = { ...asked, publicId, now, settings, request, address, context, pricing, tender };
    const wallet = tenderSteps(db, tender, { tenantId: tenant.id, customerId: asked.customerId, orderPublicId: publicId, now });
    try {
      const ran = await namedBatch(db, {
        expiry: wallet.before,
        order: orderSteps(db, scope, draft),
        walletDebits: wallet.after,
        reads: asked.readsAfter?.(publicId),
      });
      if (ran.order.order.meta.changes === 1) return { publicId, replayed: false, reads: ran.reads };
      break;
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      // A concurrent order took the last units meanwhile (decision 053): nothing was written; say which item.
      if (OUT_OF_STOCK.test(failure)) {
        await checkStock(db, scope, context);
        continue;
      }
      if (COUPON_LIMIT.test(failure)) throw new PlaceOrderError("coupon_unavailable", message("errors.coupon_used_up"));
      // Another order spent a credit this one counted on: nothing was written; read the wallets again.
      walletRaced = WALLET_OVERDRAFT.test(failure);
      if (walletRaced) continue;
      if (!UNIQUE_KEY_VIOLATION.test(failure)) throw error;
      break;
    }
  }
  if (walletRaced) throw new PlaceOrderError("wallet_changed", message("errors.wallet_changed"));
  // The cart changed after it was priced: a twin request placed the order (placeOrder finds it), or the shopper
  // changed the cart in another tab.
  throw new PlaceOrderError("cart_changed", message("errors.cart_changed"));
}
