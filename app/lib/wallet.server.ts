import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Wallet } from "../../commerce/wallet";
import type { WalletHistoryAnswer } from "../../worker/wallet/wallet-answers";
import { requireCustomer, signOutOn401 } from "./account.server";
import { readOrigin } from "./origin.server";
import { requestedPage } from "./paging";

const PER_PAGE = 20;

/** One wallet's balance and a page of its history, for /account/wallet and /account/rewards. */
export async function loadWalletHistory(context: AppLoadContext, request: Request, wallet: Wallet): Promise<WalletHistoryAnswer> {
  requireCustomer(context, request);
  const query = { wallet, page: String(requestedPage(request)), per_page: String(PER_PAGE) };
  const response = await context.origin.api.user["wallet-history"].$get({ query });
  signOutOn401(context, request, response);
  return await readOrigin(response);
}
