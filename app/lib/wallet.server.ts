import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Wallet } from "../../commerce/wallet";
import type { WalletHistoryAnswer } from "../../worker/wallet";
import { customerRead, requireCustomer } from "./account.server";
import { requestedPage } from "./paging";

const PER_PAGE = 20;

/** One wallet's balance and a page of its history, for /account/wallet and /account/rewards. */
export async function loadWalletHistory(context: AppLoadContext, request: Request, wallet: Wallet): Promise<WalletHistoryAnswer> {
  requireCustomer(context, request);
  const query = { wallet, page: String(requestedPage(request)), per_page: String(PER_PAGE) };
  return customerRead(context, request, context.origin.walletHistory(query));
}
