import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { WalletBalance } from "../components/wallet/wallet-balance";
import { WalletHistory } from "../components/wallet/wallet-history";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { privatePageMeta } from "../lib/route-meta";
import { loadWalletHistory } from "../lib/wallet.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { entries, balance } = await loadWalletHistory(context, request, "cash");
  // The history's next pages come from this loader too (WalletHistory), under `entries`.
  return { entries, balance, now: new Date().toISOString(), title: pageTranslator(context)("wallet.title") };
}

export const headers = shopperHeaders;

export default function WalletPage() {
  const t = useT();
  const { entries, balance, now } = useLoaderData<typeof loader>();
  return (
    <Page title={t("wallet.title")} testId="wallet-page">
      <WalletBalance label={t("wallet.balance")} amount={balance} note={t("wallet.balance_note")} />
      <WalletHistory entries={entries} now={now} path="/account/wallet" emptyText={t("wallet.empty")} testId="wallet-history" />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
