import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { spendFrom } from "../../commerce/wallet";
import { namedBatch } from "../../worker/db/batch";
import {
  creditStatement,
  expirySteps,
  openCredits,
  orderPaymentSteps,
  orderRefundStep,
  walletBalances,
  walletEntries,
} from "../../worker/wallet";
import { newCustomer } from "./accounts-helpers";
import { insertOrder } from "./order-fixtures";

/** The ledger on real D1: credits once per key, spends the soonest to lapse first, never below zero. */

const TENANT = 1;

async function customer() {
  return (await newCustomer()).id;
}

function credit(customerId: number, amount: number, key: string, expiresAt: number | null = null, wallet: "cash" | "reward" = "cash") {
  return creditStatement(env.DB, {
    tenantId: TENANT,
    customerId,
    wallet,
    amount,
    source: "scratch_card",
    sourceId: key,
    key,
    expiresAt,
    now: Date.now(),
  });
}

async function ledgerSum(customerId: number, wallet: "cash" | "reward") {
  return env.DB.prepare(
    "SELECT coalesce(sum(amount), 0) AS n FROM wallet_entries WHERE tenant_id = ?1 AND customer_id = ?2 AND wallet = ?3",
  )
    .bind(TENANT, customerId, wallet)
    .first<number>("n");
}

/** What place-order does: an order row and its wallet payment in one batch. */
async function payOrderFromWallet(customerId: number, amount: number, now = Date.now()) {
  const order = await insertOrder({ customerId, total: amount });
  const takes = spendFrom(await openCredits(env.DB, TENANT, customerId, "cash", now), amount);
  if (!takes) return { order, paid: false };
  try {
    await namedBatch(env.DB, {
      expiry: expirySteps(env.DB, TENANT, customerId, now),
      payment: orderPaymentSteps(env.DB, { tenantId: TENANT, customerId, wallet: "cash", orderPublicId: order.publicId, takes, now }),
    });
    return { order, paid: true };
  } catch {
    // Another order spent the same credit first (its remaining would go below zero): nothing of this batch landed.
    return { order, paid: false };
  }
}

describe("the wallet ledger", () => {
  it("credits once per key, and the balance is the sum of the ledger", async () => {
    const id = await customer();
    await Promise.all(Array.from({ length: 20 }, () => credit(id, 500, `card:${id}`).run()));
    expect(await walletBalances(env.DB, TENANT, id, Date.now())).toEqual({ cash: 500, reward: 0 });
    expect(await ledgerSum(id, "cash")).toBe(500);
  });

  it("refuses a credit that is not a positive whole amount", async () => {
    const id = await customer();
    expect(() => credit(id, 0, `zero:${id}`)).toThrow(RangeError);
    expect(() => credit(id, 1.5, `half:${id}`)).toThrow(RangeError);
  });

  it("spends the soonest to lapse first, lapses what is left of a credit once, and shows it in the history", async () => {
    const id = await customer();
    const now = Date.now();
    await env.DB.batch([credit(id, 1_000, `keep:${id}`), credit(id, 300, `soon:${id}`, now + 60_000)]);
    const { paid } = await payOrderFromWallet(id, 200, now);
    expect(paid).toBe(true);
    // 200 came from the credit that lapses; 100 of it is left, and lapses an hour on.
    const later = now + 3_600_000;
    expect(await walletBalances(env.DB, TENANT, id, later)).toEqual({ cash: 1_000, reward: 0 });
    expect(await walletBalances(env.DB, TENANT, id, later + 1)).toEqual({ cash: 1_000, reward: 0 });
    const page = await walletEntries(env.DB, TENANT, id, "cash", { page: 1, perPage: 10 });
    expect(page.data.map((e) => [e.source, e.amount])).toEqual([
      ["expiry", -100],
      ["order_payment", -200],
      ["scratch_card", 300],
      ["scratch_card", 1_000],
    ]);
    expect(page.total).toBe(4);
    expect(await ledgerSum(id, "cash")).toBe(1_000);
  });

  it("never goes below zero: 50 orders at once against one wallet pay only what it holds", async () => {
    const id = await customer();
    await env.DB.batch([credit(id, 1_000, `a:${id}`), credit(id, 1_000, `b:${id}`, Date.now() + 86_400_000)]);
    const results = await Promise.all(Array.from({ length: 50 }, () => payOrderFromWallet(id, 300)));
    const paid = results.filter((r) => r.paid).length;
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(6);
    const balances = await walletBalances(env.DB, TENANT, id, Date.now());
    expect(balances.cash).toBe(2_000 - 300 * paid);
    expect(balances.cash).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(id, "cash")).toBe(balances.cash);
    // Every credit's remaining adds up to the balance too: no spend was counted twice or lost.
    const remaining = await env.DB.prepare("SELECT sum(remaining) AS n FROM wallet_entries WHERE tenant_id = ?1 AND customer_id = ?2")
      .bind(TENANT, id)
      .first<number>("n");
    expect(remaining).toBe(balances.cash);
  });

  it("a batch whose order is not there writes nothing, and a refund gives back once", async () => {
    const id = await customer();
    await credit(id, 800, `c:${id}`).run();
    const takes = spendFrom(await openCredits(env.DB, TENANT, id, "cash", Date.now()), 500)!;
    await namedBatch(env.DB, {
      payment: orderPaymentSteps(env.DB, {
        tenantId: TENANT,
        customerId: id,
        wallet: "cash",
        orderPublicId: "no-such-order-xxxxxxxx",
        takes,
        now: Date.now(),
      }),
    });
    expect((await walletBalances(env.DB, TENANT, id, Date.now())).cash).toBe(800);

    const { order } = await payOrderFromWallet(id, 500);
    expect((await walletBalances(env.DB, TENANT, id, Date.now())).cash).toBe(300);
    await Promise.all([1, 2, 3].map(() => orderRefundStep(env.DB, TENANT, order.publicId, Date.now()).statement.run()));
    expect((await walletBalances(env.DB, TENANT, id, Date.now())).cash).toBe(800);
    expect(await ledgerSum(id, "cash")).toBe(800);
  });

  it("keeps each store's and customer's wallets apart", async () => {
    const [one, two] = [await customer(), await customer()];
    await credit(one, 100, `x:${one}`, null, "reward").run();
    expect(await walletBalances(env.DB, TENANT, two, Date.now())).toEqual({ cash: 0, reward: 0 });
    expect(await walletBalances(env.DB, 2, one, Date.now())).toEqual({ cash: 0, reward: 0 });
    expect(await walletBalances(env.DB, TENANT, one, Date.now())).toEqual({ cash: 0, reward: 100 });
  });
});
