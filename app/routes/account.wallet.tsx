import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { WalletBalance } from "../components/wallet/wallet-balance";
import { WalletHistory } from "../components/wallet/wallet-history";
import { shopperHeaders } from "../lib/cache-headers";
import { privatePageMeta } from "../lib/route-meta";
import { loadWalletHistory } from "../lib/wallet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { entries, balance } = await loadWalletHistory(context, request, "cash");
  // The history's next pages come from this loader too (WalletHistory), under `entries`.
  return { entries, balance, now: new Date().toISOString() };
}

export const headers = shopperHeaders;

export default function WalletPage() {
  const { entries, balance, now } = useLoaderData<typeof loader>();
  return (
    <Page title="Your wallet" testId="wallet-page">
      <WalletBalance label="Wallet balance" amount={balance} note="Use it at checkout to pay all or part of an order." />
      <WalletHistory
        entries={entries}
        now={now}
        path="/account/wallet"
        emptyText="Nothing has been added to or paid from your wallet yet."
        testId="wallet-history"
      />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Your wallet");

export const ErrorBoundary = ErrorPage;
