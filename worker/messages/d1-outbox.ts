import { namedBatch, step } from "../db/batch";
import type { Message, Outbox } from "./message";

/** How long the D1 outbox keeps a message: far longer than any code or link in one lives. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The default transport: each message is a row of the `outbox` table, for /dev/outbox to show. */
export function d1Outbox(db: D1Database): Outbox {
  return {
    async send(message: Message) {
      const now = Date.now();
      await namedBatch(db, {
        dropExpired: step(db.prepare("DELETE FROM outbox WHERE tenant_id = ?1 AND created_at < ?2").bind(message.tenantId, now - KEEP_MS)),
        insert: step(
          db
            .prepare("INSERT INTO outbox (tenant_id, channel, recipient, subject, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            .bind(message.tenantId, message.channel, message.to, message.subject ?? null, message.body, now),
        ),
      });
    },
  };
}

export interface StoredMessage {
  id: number;
  channel: Message["channel"];
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}

/** The store's latest messages, newest first. */
export async function latestMessages(db: D1Database, tenantId: number, limit = 50): Promise<StoredMessage[]> {
  const { results } = await db
    .prepare("SELECT id, channel, recipient, subject, body, created_at FROM outbox WHERE tenant_id = ?1 ORDER BY id DESC LIMIT ?2")
    .bind(tenantId, limit)
    .all<StoredMessage>();
  return results;
}
