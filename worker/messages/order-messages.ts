import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import { translatorOf } from "../../commerce/i18n/translators";
import type { InterfaceLanguage } from "../../commerce/languages";
import { step } from "../db/batch";
import { type OrderKey, orderIdOf } from "../db/order-key";
import type { Env } from "../env";
import { deliver } from "./deliver";
import type { Message } from "./message";

export type OrderMessageKind = "placed" | "paid" | "cancelled" | "delivered";

/** Each kind's mail subject, mail and text, each a whole message naming the order's number and tracking link. */
const TEXTS = {
  placed: { subject: "sent.order_placed_subject", mail: "sent.order_placed_mail", text: "sent.order_placed_text" },
  paid: { subject: "sent.order_paid_subject", mail: "sent.order_paid_mail", text: "sent.order_paid_text" },
  cancelled: { subject: "sent.order_cancelled_subject", mail: "sent.order_cancelled_mail", text: "sent.order_cancelled_text" },
  delivered: { subject: "sent.order_delivered_subject", mail: "sent.order_delivered_mail", text: "sent.order_delivered_text" },
} as const satisfies Record<OrderMessageKind, Record<"subject" | "mail" | "text", MessageId>>;

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
 * Tells the customer their order transitioned, by mail and by text, through the outbox (worker/messages), in `language`:
 * the request's that caused it (the store's own for the cron's). Each message names the order's number and carries its
 * tracking link, which works for whoever holds it, signed in or not. An order whose customer is gone sends nothing; a
 * transport failure is logged by `deliver`, never answered.
 */
export async function sendOrderMessage(
  env: Env,
  tenantId: number,
  orderId: number,
  kind: OrderMessageKind,
  site: { origin: string; language: InterfaceLanguage },
  read?: MessageOrder | null,
): Promise<void> {
  // `read`: the order as the transition's own batch read it, when it did.
  const order =
    read === undefined ? messageOrderFrom(await messageOrderStep(env.DB, tenantId, { id: orderId }).statement.all<MessageOrder>()) : read;
  if (!order) return;
  const t = translatorOf(site.language);
  const values = { number: order.number, link: `${site.origin}/track-order/${order.public_id}` };
  const texts = TEXTS[kind];
  const messages: Message[] = [
    { tenantId, channel: "email", to: order.email, subject: t(texts.subject, values), body: t(texts.mail, values) },
    { tenantId, channel: "sms", to: order.phone, body: t(texts.text, values) },
  ];
  await Promise.all(messages.map((message) => deliver(env, message)));
}
