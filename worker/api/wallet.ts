import { Hono } from "hono";
import { z } from "zod";
import { WALLETS } from "../../commerce/wallet";
import type { AppEnv } from "../app-env";
import { checkWallet, walletHistory } from "../wallet/wallet-answers";
import { customerOf, customerOnly, customerScope } from "./customer";
import { originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * A customer's wallets (decision 027): what they can pay of the cart at checkout (spec section 7: check-wallet), and
 * each wallet's balance and history for /account/wallet and /account/rewards. Nothing here writes but lapsing.
 */

export const walletApi = new Hono<AppEnv>()
  .use("/check-wallet", customerOnly)
  .use("/user/wallet-history", customerOnly)
  .get("/check-wallet", async (c) => {
    const { customerId, scope } = customerScope(originContextOf(c));
    return c.json(await checkWallet(c.env.DB, c.var.tenant, scope, customerId), 200, PRIVATE_ANSWER);
  })
  .get("/user/wallet-history", validate("query", z.object({ wallet: z.enum(WALLETS).default("cash"), ...pagingQuery })), async (c) => {
    const query = c.req.valid("query");
    const answer = await walletHistory(c.env.DB, c.var.tenant, customerOf(originContextOf(c)).customerId, query.wallet, toPaging(query));
    return c.json(answer, 200, PRIVATE_ANSWER);
  });
