import { Hono } from "hono";
import { translatorOf } from "../../commerce/i18n/translators";
import { WALLETS } from "../../commerce/wallet";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { type CheckWalletAnswer, checkWallet, type WalletHistoryAnswer, walletHistory } from "../wallet";
import { customerOf, customerOnly, customerScope } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * A customer's wallets (decision 027): what they can pay of the cart at checkout (spec section 7: check-wallet), and
 * each wallet's balance and history for /account/wallet and /account/rewards. Nothing here writes but lapsing.
 */

export const walletHistoryQuery = z.object({ wallet: z._default(z.enum(WALLETS), "cash"), ...pagingQuery });

/** GET /api/check-wallet: what the customer's wallets can pay of the cart as priced now. */
export function checkWalletOf(o: OriginContext): Promise<CheckWalletAnswer> {
  const { customerId, scope } = customerScope(o);
  return checkWallet(o.env.DB, o.tenant, scope, customerId);
}

/** GET /api/user/wallet-history: one wallet's balance and a page of its entries. */
export function walletHistoryOf(o: OriginContext, query: z.output<typeof walletHistoryQuery>): Promise<WalletHistoryAnswer> {
  const { customerId } = customerOf(o);
  return walletHistory(o.env.DB, o.tenant, customerId, query.wallet, toPaging(query), translatorOf(o.language));
}

export const walletApi = new Hono<AppEnv>()
  .use("/check-wallet", customerOnly)
  .use("/user/wallet-history", customerOnly)
  .get("/check-wallet", async (c) => c.json(await checkWalletOf(originContextOf(c)), 200, PRIVATE_ANSWER))
  .get("/user/wallet-history", validate("query", walletHistoryQuery), async (c) =>
    c.json(await walletHistoryOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  );
