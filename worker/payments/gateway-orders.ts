import { namedBatch, step } from "../db/batch";
import type { Env } from "../env";
import type { GatewayOrder, PaymentGateway } from "./gateway";
import type { PayableOrder } from "./payable-order";

export interface GatewayOrderRef {
  kind: PaymentGateway["kind"];
  orderId: string;
  amount: number;
  currency: string;
}

/** A claim older than this is a maker that died (Workers' requests do not run this long): it is taken over. */
const CLAIM_STALE_MS = 60_000;
/** How long a second pay step waits for the first's gateway order before asking the shopper to try again. */
const WAIT_MS = 8_000;
const POLL_MS = 150;

/** Thrown when another request is making this order's gateway order and has not finished: "try again in a moment". */
export class GatewayOrderBusy extends Error {
  constructor() {
    super("Another request is making this order's gateway order.");
    this.name = "GatewayOrderBusy";
  }
}

/**
 * The receipt of our order's gateway order: the order number for people reading Razorpay's dashboard, and the public
 * id, which is unique, so a receipt names one of our orders even across stores sharing one Razorpay account (order
 * numbers repeat between stores). Razorpay allows 40 characters; the public id (22) is never cut.
 */
export function gatewayReceipt(order: Pick<PayableOrder, "number" | "publicId">): string {
  return `${order.number.slice(0, 40 - order.publicId.length - 1)}-${order.publicId}`;
}

const STORED_REF =
  "SELECT gateway AS kind, provider_order_id AS orderId, amount, currency FROM payment_orders WHERE tenant_id = ?1 AND order_id = ?2";

function storedRef(db: D1Database, tenantId: number, orderId: number) {
  return step<GatewayOrderRef>(db.prepare(STORED_REF).bind(tenantId, orderId));
}

/**
 * Claims the making of this order's gateway order, and reads the stored one in the same batch: `claimed` when this
 * request makes it (a new claim, or a stale one), and the gateway order already stored, if any.
 */
async function claim(db: D1Database, tenantId: number, orderId: number, now: number) {
  const ran = await namedBatch(db, {
    claim: step(
      db
        .prepare(
          `INSERT INTO payment_order_claims (tenant_id, order_id, claimed_at) VALUES (?1, ?2, ?3)
           ON CONFLICT (order_id) DO UPDATE SET claimed_at = excluded.claimed_at WHERE claimed_at < ?4`,
        )
        .bind(tenantId, orderId, now, now - CLAIM_STALE_MS),
    ),
    stored: storedRef(db, tenantId, orderId),
  });
  return { claimed: ran.claim.meta.changes === 1, stored: ran.stored.results[0] ?? null };
}

/**
 * Claims the making of the gateway order of the customer's order `publicId`, sent beside the pay step's first read so
 * the first pay step waits on no round trip of its own for it: only an order that may need one (online, waiting for
 * its payment, in its window, with no gateway order yet) is claimed. `true`: this request makes it
 * (ensureGatewayOrder's `claimed`), and gives the claim up with `releaseClaim` if it refuses before.
 */
export async function claimBesideRead(db: D1Database, tenantId: number, publicId: string, owner: string, now: number): Promise<boolean> {
  const taken = await db
    .prepare(
      `INSERT INTO payment_order_claims (tenant_id, order_id, claimed_at)
       SELECT ?1, o.id, ?4 FROM orders o
       WHERE o.tenant_id = ?1 AND o.public_id = ?2 AND o.owner = ?3 AND o.payment_method = 'online'
         AND o.status IN ('pending_payment', 'payment_failed') AND o.payment_status IN ('awaiting', 'failed')
         AND (o.payment_due_by IS NULL OR o.payment_due_by > ?4)
         AND NOT EXISTS (SELECT 1 FROM payment_orders p WHERE p.tenant_id = ?1 AND p.order_id = o.id)
       ON CONFLICT (order_id) DO UPDATE SET claimed_at = excluded.claimed_at WHERE claimed_at < ?5`,
    )
    .bind(tenantId, publicId, owner, now, now - CLAIM_STALE_MS)
    .run();
  return taken.meta.changes === 1;
}

/** Gives up a claim made beside the read, for a pay step that refused before making the gateway order. */
export async function releaseClaim(db: D1Database, tenantId: number, orderId: number): Promise<void> {
  await release(db, tenantId, orderId).run();
}

function release(db: D1Database, tenantId: number, orderId: number) {
  return db.prepare("DELETE FROM payment_order_claims WHERE tenant_id = ?1 AND order_id = ?2").bind(tenantId, orderId);
}

/**
 * The gateway order for one of ours, exactly one per order (decision 036): the stored one (every retry pays the same
 * gateway order); else this request claims the making of it in D1, so a concurrent first pay step waits for it rather
 * than making a second; the maker first asks Razorpay for an order with this order's receipt (one made by a request
 * whose reply was lost), and only makes a new one, for what is left to pay after the wallets, when there is none.
 */
export async function ensureGatewayOrder(
  env: Env,
  tenant: { id: number; slug: string },
  order: PayableOrder,
  gateway: PaymentGateway,
  /** This request already holds the claim (`claimBesideRead`). */
  claimedBeside = false,
): Promise<GatewayOrderRef> {
  const db = env.DB;
  if (order.gateway) {
    if (claimedBeside) await release(db, tenant.id, order.id).run();
    return order.gateway;
  }
  if (!claimedBeside) {
    const stored = await claimOrStored(db, tenant.id, order.id);
    if (stored) return stored;
  }
  let released = false;
  try {
    const created = (await madeEarlier(gateway, order)) ?? (await createOrder(gateway, tenant.slug, order));
    // Stored, read back (a concurrent maker's, if one won) and the claim given up, in one batch.
    const ran = await namedBatch(db, {
      kept: step(
        db
          .prepare(
            `INSERT INTO payment_orders (tenant_id, order_id, gateway, provider_order_id, amount, currency, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (order_id) DO NOTHING`,
          )
          .bind(tenant.id, order.id, gateway.kind, created.id, created.amount, created.currency, Date.now()),
      ),
      stored: storedRef(db, tenant.id, order.id),
      released: step(release(db, tenant.id, order.id)),
    });
    released = true;
    const ref = ran.stored.results[0] ?? null;
    if (!ref) throw new Error("The gateway order was not stored.");
    return ref;
  } finally {
    if (!released) await release(db, tenant.id, order.id).run();
  }
}

/**
 * Claims the making of the order's gateway order, waiting while another request holds the claim: null once this request
 * holds it, or the gateway order a concurrent maker stored meanwhile.
 */
async function claimOrStored(db: D1Database, tenantId: number, orderId: number): Promise<GatewayOrderRef | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { claimed, stored } = await claim(db, tenantId, orderId, Date.now());
    if (stored) {
      if (claimed) await release(db, tenantId, orderId).run();
      return stored;
    }
    if (claimed) return null;
    if (Date.now() > deadline) throw new GatewayOrderBusy();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A gateway order already made for this order (its creation's reply was lost), for the same amount and currency. */
async function madeEarlier(gateway: PaymentGateway, order: PayableOrder): Promise<GatewayOrder | null> {
  const receipt = gatewayReceipt(order);
  const found = await gateway.ordersByReceipt(receipt);
  return found.find((made) => made.receipt === receipt && made.amount === order.toPay && made.currency === order.currency) ?? null;
}

function createOrder(gateway: PaymentGateway, slug: string, order: PayableOrder): Promise<GatewayOrder> {
  return gateway.createOrder({
    amount: order.toPay,
    currency: order.currency,
    receipt: gatewayReceipt(order),
    notes: { store: slug, order: order.publicId },
  });
}
