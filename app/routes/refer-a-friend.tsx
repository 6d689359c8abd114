import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ShareReferral } from "../components/account/share-referral";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { Price } from "../components/price";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { customerRead, requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { privatePageMeta } from "../lib/route-meta";
import { useStore } from "../lib/use-store";

/** The customer's referral code and link to share (spec section 2: /refer-a-friend), and what each side gets. */

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const referral = await customerRead(context, request, context.origin.referral());
  return { referral, title: pageTranslator(context)("rewards.refer_title") };
}

export const headers = shopperHeaders;

export default function ReferAFriendPage() {
  const t = useT();
  const { referral } = useLoaderData<typeof loader>();
  const storeName = useStore()?.name ?? t("rewards.our_store");
  const invitedBy = referral.invited_by;
  return (
    <Page title={t("rewards.refer_title")} testId="refer-a-friend-page">
      <section className="card flex flex-col gap-2 p-5" aria-labelledby="rewards-heading">
        <h2 id="rewards-heading" className="font-semibold text-ink">
          {t("rewards.both_get")}
        </h2>
        {referral.referee_reward > 0 || referral.referrer_reward > 0 ? (
          <ul className="flex list-disc flex-col gap-1 ps-5 text-gray-700">
            {referral.referee_reward > 0 ? (
              <li data-testid="friend-gets">
                {withElements(t("rewards.friend_gets", { ...slots("amount"), wallet: referral.wallet }), {
                  amount: <Price amount={referral.referee_reward} />,
                })}
              </li>
            ) : null}
            {referral.referrer_reward > 0 ? (
              <li data-testid="you-get">
                {withElements(t("rewards.you_get", { ...slots("amount"), wallet: referral.wallet }), {
                  amount: <Price amount={referral.referrer_reward} />,
                })}
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="text-gray-700">{t("rewards.share_store", { store: storeName })}</p>
        )}
      </section>
      <section className="card flex flex-col gap-3 p-5" aria-labelledby="code-heading">
        <h2 id="code-heading" className="font-semibold text-ink">
          {withElements(t("rewards.your_code", slots("code")), {
            code: (
              <span className="font-mono tracking-wider" data-testid="referral-code">
                {referral.code}
              </span>
            ),
          })}
        </h2>
        <ShareReferral url={referral.share_url} message={t("rewards.join_message", { store: storeName })} />
      </section>
      {invitedBy ? (
        <p className="text-sm text-gray-700" data-testid="invited-by">
          {invitedBy.reward > 0
            ? withElements(
                invitedBy.earned
                  ? t("rewards.invited_by_added", { name: invitedBy.first_name, ...slots("amount"), wallet: invitedBy.wallet })
                  : t("rewards.invited_by_coming", { name: invitedBy.first_name, ...slots("amount"), wallet: invitedBy.wallet }),
                { amount: <Price amount={invitedBy.reward} /> },
              )
            : t("rewards.invited_by", { name: invitedBy.first_name })}
        </p>
      ) : null}
      <p className="text-sm text-gray-700" data-testid="friends-joined">
        {t("rewards.friends_joined", { joined: referral.friends_joined, rewarded: referral.friends_rewarded })}
      </p>
      <TextLink to="/account">{t("account.back_to_account")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
