import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { HowToEarn } from "../components/wallet/how-to-earn";
import { WalletBalance } from "../components/wallet/wallet-balance";
import { WalletHistory } from "../components/wallet/wallet-history";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { privatePageMeta } from "../lib/route-meta";
import { loadWalletHistory } from "../lib/wallet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { entries, balance, rules } = await loadWalletHistory(context, request, "reward");
  // The history's next pages come from this loader too (WalletHistory), under `entries`.
  return { entries, balance, rules, now: new Date().toISOString(), title: pageTranslator(context)("rewards.title") };
}

export const headers = shopperHeaders;

export default function RewardsPage() {
  const t = useT();
  const { entries, balance, rules, now } = useLoaderData<typeof loader>();
  return (
    <Page title={t("rewards.title")} testId="rewards-page">
      <WalletBalance label={t("rewards.balance")} amount={balance} note={t("rewards.balance_note")} />
      <HowToEarn rules={rules} />
      <WalletHistory entries={entries} now={now} path="/account/rewards" emptyText={t("rewards.empty")} testId="rewards-history" />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
