import { type Page, type Paging, toPage } from "../catalog/list-products";
import { namedBatch, step } from "../db/batch";
import { totalOf } from "../db/sql";
import type { Tenant } from "../tenancy/tenant";
import { CARD_COLUMNS, type ScratchCardAnswer, type ScratchCardRow, toCardAnswer } from "./card-answer";

/** A page of the customer's scratch cards in this store, newest first. */
export async function listScratchCards(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  customerId: number,
  paging: Paging,
  now = Date.now(),
): Promise<Page<ScratchCardAnswer>> {
  const ran = await namedBatch(db, {
    cards: step<ScratchCardRow>(
      db
        .prepare(
          `SELECT ${CARD_COLUMNS} FROM scratch_cards c JOIN orders o ON o.id = c.order_id
           WHERE c.tenant_id = ?1 AND c.customer_id = ?2 ORDER BY c.id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(tenant.id, customerId, paging.perPage, (paging.page - 1) * paging.perPage),
    ),
    total: step<{ total: number }>(
      db.prepare("SELECT COUNT(*) AS total FROM scratch_cards WHERE tenant_id = ?1 AND customer_id = ?2").bind(tenant.id, customerId),
    ),
  });
  const total = totalOf(ran.total);
  const cards = ran.cards.results.map((row) => toCardAnswer(row, tenant.settings.currency.decimalPlaces, now));
  return toPage(cards, total, paging);
}
