import type { BillSnapshot } from "../../commerce/order-bill";
import type { OrderStatus, PaymentStatus } from "../../commerce/order-status";
import type { Fulfillment } from "../../commerce/pricing";
import type { RefundStatus } from "../../commerce/refunds";
import type { PaymentMethod } from "../../commerce/settings/checkout-settings";

/**
 * An order as the API answers it (get-single-order, place-order, cancel-order, process-payment). Amounts are MAJOR
 * units like the cart's; `id` is the order's unguessable public id, the `{order_id}` of every order URL.
 */

/** How an order is paid as answered: `wallet` when its wallets paid all of it (the rest is then zero). */
export type OrderPaymentMethod = PaymentMethod | "wallet";

export interface OrderAddress {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  label: string;
}

export interface OrderLineAnswer {
  /** The order line's id (rate-order-item names it). */
  id: number;
  product_id: number;
  name: string;
  /** The product's page, while the product is still sold under this slug; null otherwise. */
  slug: string | null;
  image: string | null;
  /** The choices as the shopper read them: ["Size: Large", "Dips: Garlic dip"]. */
  options: string[];
  quantity: number;
  unit_price: number;
  /** unit_price × quantity. */
  line_total: number;
  /** The customer's rating of this line (1–5) once given, else null; and its text. */
  rating: number | null;
  review: string | null;
}

/** The bill as kept (commerce/order-bill.ts), in major units, with what the wallets paid and what is left. */
export interface OrderBill extends BillSnapshot {
  /** Paid from the cash wallet and from the reward wallet (tenders after tax: the total above includes them). */
  wallet_amount: number;
  reward_amount: number;
  /** What is left to pay by card or in cash: total − wallet_amount − reward_amount. */
  to_pay: number;
}

export interface OrderHistoryEntry {
  status: OrderStatus;
  status_text: string;
  payment_status: PaymentStatus;
  payment_status_text: string;
  /** ISO 8601. */
  at: string;
  note: string;
}

/** What every answer about one order opens with, the shopper's and the store owner's alike. */
export interface OrderHeading {
  id: string;
  number: string;
  status: OrderStatus;
  status_text: string;
  payment_method: OrderPaymentMethod;
  payment_status: PaymentStatus;
  payment_status_text: string;
  fulfillment: Fulfillment;
}

export interface OrderAnswer extends OrderHeading {
  branch_id: number;
  branch_name: string;
  /** Null for pickup. */
  address: OrderAddress | null;
  note: string;
  items: OrderLineAnswer[];
  bill: OrderBill;
  currency_code: string;
  /** ISO 8601. */
  placed_at: string;
  history: OrderHistoryEntry[];
  /** Whether the customer may cancel now (status and window), and until when (ISO 8601; null once it cannot). */
  can_cancel: boolean;
  cancel_until: string | null;
  /** Whether the online payment can be made or tried again now. */
  can_pay: boolean;
  /** Delivered: each line may be rated once. */
  can_rate: boolean;
  cancel_reason: string | null;
  /**
   * The refund of the order's card payment, once one was asked (null otherwise): pending (asked, not yet done),
   * processed, retrying (Razorpay failed it; the cron asks again), or failed (failed every time it was asked: the
   * store refunds by hand); and how many refunds were asked.
   */
  refund: RefundState | null;
  /** The path anyone holding it can follow the order at: /track-order/{id}. */
  tracking_path: string;
}

export interface RefundState {
  status: RefundStatus;
  attempts: number;
}

/** An order in the customer's list. */
export interface OrderSummary {
  id: string;
  number: string;
  status: OrderStatus;
  status_text: string;
  payment_status: PaymentStatus;
  total: number;
  item_count: number;
  /** The first lines' names, for the list ("Butter chicken, Garlic naan and 2 more"). */
  item_names: string[];
  /** ISO 8601. */
  placed_at: string;
}

/** What get-single-order-to-track answers to anyone holding the order's id: no address, phone or prices. */
export interface TrackingAnswer {
  id: string;
  number: string;
  status: OrderStatus;
  status_text: string;
  fulfillment: Fulfillment;
  branch_name: string;
  items: { name: string; quantity: number }[];
  /** ISO 8601. */
  placed_at: string;
  /** The happy path's steps, each with when it was reached (null: not yet). */
  steps: { status: OrderStatus; status_text: string; at: string | null }[];
  history: OrderHistoryEntry[];
}
