import { toMajor } from "../../commerce/money";
import type { Wallet } from "../../commerce/wallet";
import { namedBatch, step } from "../db/batch";
import type { Tenant } from "../tenancy/tenant";
import { creditStatement, walletBalances } from "../wallet";

/** What redeeming a card answers (major units): the amount, the wallet it went to, and both balances now. */
export interface RedeemAnswer {
  amount: number;
  wallet: Wallet;
  wallet_balance: number;
  reward_balance: number;
}

export type RedeemOutcome = { ok: true; answer: RedeemAnswer } | { ok: false; reason: "not_found" | "expired" };

interface CardRow {
  id: number;
  amount: number;
  wallet: Wallet;
  status: "unscratched" | "redeemed";
  expires_at: number;
}

function readCard(db: D1Database, tenantId: number, customerId: number, publicId: string) {
  return db
    .prepare(
      "SELECT id, amount, wallet, status, expires_at FROM scratch_cards WHERE tenant_id = ?1 AND customer_id = ?2 AND public_id = ?3",
    )
    .bind(tenantId, customerId, publicId)
    .first<CardRow>();
}

/**
 * The redeeming batch: the update that moves the card from unscratched to redeemed (only while unlapsed), and the
 * wallet credit keyed `scratch:<public id>`, entered only if that update landed (its guard reads the card redeemed at
 * this very instant, for this amount and wallet).
 */
export function redeemSteps(
  db: D1Database,
  tenantId: number,
  customerId: number,
  publicId: string,
  card: Pick<CardRow, "amount" | "wallet">,
  now: number,
) {
  return {
    redeemed: step(
      db
        .prepare(
          `UPDATE scratch_cards SET status = 'redeemed', redeemed_at = ?4
           WHERE tenant_id = ?1 AND customer_id = ?2 AND public_id = ?3 AND status = 'unscratched' AND expires_at > ?4`,
        )
        .bind(tenantId, customerId, publicId, now),
    ),
    credit: step(
      creditStatement(db, {
        tenantId,
        customerId,
        wallet: card.wallet,
        amount: card.amount,
        source: "scratch_card",
        sourceId: publicId,
        key: `scratch:${publicId}`,
        note: "Scratch card",
        now,
        onlyIf: (at) => `EXISTS (SELECT 1 FROM scratch_cards WHERE tenant_id = ${at.tenant} AND customer_id = ${at.customer}
               AND public_id = ${at.sourceId} AND wallet = ${at.wallet} AND amount = ${at.amount} AND status = 'redeemed'
               AND redeemed_at = ${at.now})`,
      }),
    ),
  };
}

/**
 * Redeems the customer's card once, in ONE batch (`redeemSteps`). However many redeems race, one update wins and
 * one credit lands; a card that lapsed meanwhile changes nothing and credits nothing. A card already redeemed answers
 * as the first redeem did (idempotent), so a client's retry or double tap is not an error.
 */
export async function redeemScratchCard(
  db: D1Database,
  tenant: Pick<Tenant, "id" | "settings">,
  customerId: number,
  publicId: string,
  now = Date.now(),
): Promise<RedeemOutcome> {
  let card = await readCard(db, tenant.id, customerId, publicId);
  if (!card) return { ok: false, reason: "not_found" };
  if (card.status === "unscratched") {
    if (card.expires_at <= now) return { ok: false, reason: "expired" };
    await namedBatch(db, redeemSteps(db, tenant.id, customerId, publicId, card, now));
    // Another redeem may have won the race (then it is redeemed all the same), or the card lapsed in between.
    card = (await readCard(db, tenant.id, customerId, publicId)) ?? card;
    if (card.status !== "redeemed") return { ok: false, reason: "expired" };
  }
  const balances = await walletBalances(db, tenant.id, customerId, now);
  return {
    ok: true,
    answer: {
      amount: toMajor(card.amount, tenant.settings.currency.decimalPlaces),
      wallet: card.wallet,
      wallet_balance: toMajor(balances.cash, tenant.settings.currency.decimalPlaces),
      reward_balance: toMajor(balances.reward, tenant.settings.currency.decimalPlaces),
    },
  };
}
