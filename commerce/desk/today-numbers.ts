/**
 * Today's numbers for the store owner's desk (decision 085), shaped from what the queries read
 * (worker/desk/today/today-numbers.ts): every hour of the store's day with zeros where nothing sold, the average order,
 * the top products, and the refunds. Amounts are the store's minor units, as orders keep them.
 */

import { LIVE_STATUSES, type OrderStatus, type PaymentStatus } from "../order-status";
import { type LocalDay, localHour, slotStart } from "./local-day";

/**
 * An order placed today counts (decision 085) while it is being fulfilled or was delivered: a cash order from placing,
 * a card order once paid (pending_payment and payment_failed do not count, nor an order that expired or was cancelled
 * before any money was taken)...
 */
export const COUNTED_STATUSES: readonly OrderStatus[] = LIVE_STATUSES;
/** ...and one cancelled (or expired) after its money was taken: it was a sale, and its refund is counted apart. */
export const COUNTED_PAYMENTS: readonly PaymentStatus[] = ["paid", "cod_collected", "refund_pending", "refunded"];
/** The payment statuses of money going back: an order's refund is counted on the day it first reached one of them. */
export const REFUND_PAYMENTS: readonly PaymentStatus[] = ["refund_pending", "refunded"];

/** How many products each top list names. */
export const TOP_PRODUCTS = 5;

export interface HourFigures {
  /** 0–23 on the store's clock. */
  hour: number;
  orders: number;
  revenue: number;
}

export interface TopProduct {
  productId: number;
  name: string;
  units: number;
  revenue: number;
}

export interface TodayNumbers {
  /** The store's date (`2026-12-05`) and the zone it is the date in. */
  date: string;
  timeZone: string;
  orders: number;
  revenue: number;
  /** Revenue over orders, rounded to the minor unit; null before the day's first order. */
  averageOrder: number | null;
  /** Hours 0 to 23, in order. */
  hours: HourFigures[];
  topByUnits: TopProduct[];
  topByRevenue: TopProduct[];
  /** Orders whose money went back today, and how much (card and wallets together). */
  refunds: { count: number; amount: number };
}

/** What the queries read: orders and revenue per whole hour since the day began, the top lists, the refunds. */
export interface TodayRows {
  slots: { slot: number; orders: number; revenue: number }[];
  topByUnits: TopProduct[];
  topByRevenue: TopProduct[];
  refunds: { count: number; amount: number };
}

/**
 * The day's numbers. A slot is an hour since the day's first instant; on the store's clock it is the hour it starts
 * in, which is the slot's own number except on a day the clocks move (the hour skipped stays empty, the hour lived
 * twice holds both).
 */
export function shapeToday(day: LocalDay, timeZone: string, rows: TodayRows): TodayNumbers {
  const hours: HourFigures[] = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, revenue: 0 }));
  for (const { slot, orders, revenue } of rows.slots) {
    const figures = hours[localHour(slotStart(slot, day.start), timeZone)]!;
    figures.orders += orders;
    figures.revenue += revenue;
  }
  const orders = hours.reduce((sum, h) => sum + h.orders, 0);
  const revenue = hours.reduce((sum, h) => sum + h.revenue, 0);
  return {
    date: day.date,
    timeZone,
    orders,
    revenue,
    averageOrder: orders === 0 ? null : Math.round(revenue / orders),
    hours,
    topByUnits: rows.topByUnits.slice(0, TOP_PRODUCTS),
    topByRevenue: rows.topByRevenue.slice(0, TOP_PRODUCTS),
    refunds: rows.refunds,
  };
}
