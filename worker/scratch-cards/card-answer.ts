import { toMajor } from "../../commerce/money";
import { cardStatus, type ScratchCardStatus } from "../../commerce/scratch-cards";
import type { Wallet } from "../../commerce/wallet";

/** A scratch card as the customer's API answers it (amounts in major units, instants as ISO text). */
export interface ScratchCardAnswer {
  /** The card's public id: what redeem-scratch-card takes. */
  id: string;
  /** The number of the order that earned it ("SRK-12"). */
  order_number: string;
  status: ScratchCardStatus;
  /** Null until the card is redeemed: scratching is what reveals it. */
  amount: number | null;
  wallet: Wallet;
  expires_at: string;
  created_at: string;
  redeemed_at: string | null;
}

export interface ScratchCardRow {
  public_id: string;
  order_number: string;
  amount: number;
  wallet: Wallet;
  status: "unscratched" | "redeemed";
  expires_at: number;
  created_at: number;
  redeemed_at: number | null;
}

/** The columns a ScratchCardRow reads, from `scratch_cards c JOIN orders o`. */
export const CARD_COLUMNS =
  "c.public_id, o.number AS order_number, c.amount, c.wallet, c.status, c.expires_at, c.created_at, c.redeemed_at";

export function toCardAnswer(row: ScratchCardRow, decimalPlaces: number, now: number): ScratchCardAnswer {
  const status = cardStatus(row.status, row.expires_at, now);
  return {
    id: row.public_id,
    order_number: row.order_number,
    status,
    amount: status === "redeemed" ? toMajor(row.amount, decimalPlaces) : null,
    wallet: row.wallet,
    expires_at: new Date(row.expires_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    redeemed_at: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
  };
}
