import { step } from "../db/batch";
import { type OrderKey, orderIdOf } from "../db/order-key";
import type { Env } from "../env";
import { deliver } from "./deliver";
import type { Message } from "./message";

export type OrderMessageKind = "placed" | "paid" | "cancelled" | "delivered";

const SUBJECTS: Record<OrderMessageKind, (number: string) => string> = {
  placed: (number) => `Order ${number} is placed`,
  paid: (number) => `Payment received for order ${number}`,
  cancelled: (number) => `Order ${number} is cancelled`,
  delivered: (number) => `Order ${number} is delivered`,
};

const LINES: Record<OrderMessageKind, string> = {
  placed: "Thank you for your order. We will let you know as it moves.",
  paid: "We have received your payment.",
  cancelled: "Your order has been cancelled. If you paid for it, the money is on its way back to you.",
  delivered: "Your order has been delivered. We hope you enjoy it, and you can rate what you bought.",
};

/** What an order's message names: its number and tracking link, and where its customer is reached. */
export interface MessageOrder {
  number: string;
  public_id: string;
  email: string;
  phone: string;
}

/** The order as its message needs it, for a caller's batch (the transition's own); read it with `messageOrderFrom`. */
export function messageOrderStep(db: D1Database, tenantId: number, order: OrderKey) {
  const { sql, value } = orderIdOf(order);
  const statement = db
    .prepare(
      `SELECT o.number, o.public_id, c.email, c.phone FROM orders o
       JOIN customers c ON c.tenant_id = o.tenant_id AND c.id = o.customer_id
       WHERE o.tenant_id = ?1 AND o.id = ${sql}`,
    )
    .bind(tenantId, value);
  return step<MessageOrder>(statement);
}

export function messageOrderFrom(result: Pick<D1Result<MessageOrder>, "results">): MessageOrder | null {
  return result.results[0] ?? null;
}

/**
 * Tells the customer their order transitioned, by mail and by text, through the outbox (worker/messages). Each message
 * names the order's number and carries its tracking link, which works for whoever holds it, signed in or not. An order
 * whose customer is gone sends nothing; a transport failure is logged by `deliver`, never answered.
 */
export async function sendOrderMessage(
  env: Env,
  tenantId: number,
  orderId: number,
  kind: OrderMessageKind,
  origin: string,
  read?: MessageOrder | null,
): Promise<void> {
  // `read`: the order as the transition's own batch read it, when it did.
  const order =
    read === undefined ? messageOrderFrom(await messageOrderStep(env.DB, tenantId, { id: orderId }).statement.all<MessageOrder>()) : read;
  if (!order) return;
  const link = `${origin}/track-order/${order.public_id}`;
  const subject = SUBJECTS[kind](order.number);
  const messages: Message[] = [
    {
      tenantId,
      channel: "email",
      to: order.email,
      subject,
      body: [`${LINES[kind]}`, "", `Follow order ${order.number}: ${link}`].join("\n"),
    },
    { tenantId, channel: "sms", to: order.phone, body: `${subject}. Follow it: ${link}` },
  ];
  await Promise.all(messages.map((message) => deliver(env, message)));
}
