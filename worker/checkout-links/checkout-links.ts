import { CHECKOUT_LINK_MINUTES } from "../../commerce/checkout-link";
import { cartAnswerSteps } from "../cart/cart-answer";
import type { CartScope } from "../cart/cart-store";
import { linkCartSteps } from "../cart/merge-cart";
import { namedBatch, step } from "../db/batch";

/**
 * Checkout links' rows (decision 090): made for a guest's cart at one branch, found by the SHA-256 of their token,
 * redeemed once. Each write decides in SQL: a link is made only beside a cart with a line, and redeemed only while it
 * is unused and unexpired, by the UPDATE every move of its lines is guarded by.
 */

const MINUTE = 60_000;
/** Expired links are kept a day, so a late tap is told the link expired; then they are forgotten. */
const KEPT_AFTER_EXPIRY = 24 * 60 * MINUTE;

export interface CheckoutLinkRow {
  owner: string;
  branch_id: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Makes a link to the cart of `scope` (in one batch, forgetting the store's links a day past their expiry): answers its
 * expiry, or null when the cart has no line (nothing is written).
 */
export async function makeLink(db: D1Database, scope: CartScope, tokenHash: string, now: number): Promise<number | null> {
  const expiresAt = now + CHECKOUT_LINK_MINUTES * MINUTE;
  const ran = await namedBatch(db, {
    forgotten: step(
      db.prepare("DELETE FROM checkout_links WHERE tenant_id = ?1 AND expires_at < ?2").bind(scope.tenantId, now - KEPT_AFTER_EXPIRY),
    ),
    made: step(
      db
        .prepare(
          "INSERT INTO checkout_links (tenant_id, token_hash, owner, branch_id, created_at, expires_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 " +
            "WHERE EXISTS (SELECT 1 FROM carts c JOIN cart_items i ON i.tenant_id = ?1 AND i.cart_id = c.id WHERE c.tenant_id = ?1 AND c.branch_id = ?4 AND c.owner = ?3)",
        )
        .bind(scope.tenantId, tokenHash, scope.owner, scope.branchId, now, expiresAt),
    ),
  });
  return ran.made.meta.changes === 1 ? expiresAt : null;
}

/** The link with this token's hash in the store, or null: another store's is as unknown as none. */
export function findLink(db: D1Database, tenantId: number, tokenHash: string): Promise<CheckoutLinkRow | null> {
  return db
    .prepare("SELECT owner, branch_id, expires_at, used_at FROM checkout_links WHERE tenant_id = ?1 AND token_hash = ?2")
    .bind(tenantId, tokenHash)
    .first<CheckoutLinkRow>();
}

/**
 * Redeems the link for the shopper whose cart is `shopper` (their owner, at the branch they are at) and moves its lines
 * into their cart at the link's branch, all in one batch, which then reads that cart: answers the reads, or null when the
 * link was already used or has expired (another tab, a race: nothing moved). Only this UPDATE sets used_at, so two
 * redeems of one link, which D1 runs one after the other, find it unused once; the moves hold to the row this batch
 * wrote (its used_at is this batch's `now` and its used_by this shopper).
 */
export async function redeemLink(
  db: D1Database,
  tenantId: number,
  tokenHash: string,
  link: CheckoutLinkRow,
  shopper: CartScope,
  now: number,
) {
  const linkScope = { tenantId, branchId: link.branch_id, owner: shopper.owner };
  const guard = {
    sql: "EXISTS (SELECT 1 FROM checkout_links l WHERE l.tenant_id = ?1 AND l.token_hash = ?7 AND l.used_at = ?6 AND l.used_by = ?3)",
    value: tokenHash,
    now,
  };
  const ran = await namedBatch(db, {
    redeem: step(
      db
        .prepare(
          "UPDATE checkout_links SET used_at = ?3, used_by = ?4 WHERE tenant_id = ?1 AND token_hash = ?2 AND used_at IS NULL AND expires_at > ?3",
        )
        .bind(tenantId, tokenHash, now, shopper.owner),
    ),
    // The agent opening its own link already holds the lines: nothing moves.
    moves:
      link.owner === shopper.owner
        ? undefined
        : linkCartSteps(
            db,
            tenantId,
            { owner: link.owner, branchId: link.branch_id },
            { owner: shopper.owner, branchId: shopper.branchId },
            guard,
          ),
    cart: cartAnswerSteps(db, linkScope),
  });
  return ran.redeem.meta.changes === 1 ? { cart: ran.cart, scope: linkScope } : null;
}
