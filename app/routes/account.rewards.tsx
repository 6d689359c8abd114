import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { HowToEarn } from "../components/wallet/how-to-earn";
import { WalletBalance } from "../components/wallet/wallet-balance";
import { WalletHistory } from "../components/wallet/wallet-history";
import { shopperHeaders } from "../lib/cache-headers";
import { privatePageMeta } from "../lib/route-meta";
import { loadWalletHistory } from "../lib/wallet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { entries, balance, rules } = await loadWalletHistory(context, request, "reward");
  // The history's next pages come from this loader too (WalletHistory), under `entries`.
  return { entries, balance, rules, now: new Date().toISOString() };
}

export const headers = shopperHeaders;

export default function RewardsPage() {
  const { entries, balance, rules, now } = useLoaderData<typeof loader>();
  return (
    <Page title="Your rewards" testId="rewards-page">
      <WalletBalance label="Reward balance" amount={balance} note="Rewards pay part of an order at checkout." />
      <HowToEarn rules={rules} />
      <WalletHistory entries={entries} now={now} path="/account/rewards" emptyText="You have no rewards yet." testId="rewards-history" />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Your rewards");

export const ErrorBoundary = ErrorPage;
