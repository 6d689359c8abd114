import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ShareReferral } from "../components/account/share-referral";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { Price } from "../components/price";
import { TextLink } from "../components/text-link";
import { customerRead, requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { privatePageMeta } from "../lib/route-meta";
import { useStore } from "../lib/use-store";

/** The customer's referral code and link to share (spec section 2: /refer-a-friend), and what each side gets. */

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  return { referral: await customerRead(context, request, context.origin.referral()) };
}

export const headers = shopperHeaders;

export default function ReferAFriendPage() {
  const { referral } = useLoaderData<typeof loader>();
  const storeName = useStore()?.name ?? "our store";
  const where = referral.wallet === "cash" ? "wallet" : "rewards";
  return (
    <Page title="Refer a friend" testId="refer-a-friend-page">
      <section className="card flex flex-col gap-2 p-5" aria-labelledby="rewards-heading">
        <h2 id="rewards-heading" className="font-semibold text-ink">
          What you both get
        </h2>
        {referral.referee_reward > 0 || referral.referrer_reward > 0 ? (
          <ul className="flex list-disc flex-col gap-1 ps-5 text-gray-700">
            {referral.referee_reward > 0 ? (
              <li data-testid="friend-gets">
                Your friend gets <Price amount={referral.referee_reward} /> in their {where} when they create an account with your link and
                their first order is delivered.
              </li>
            ) : null}
            {referral.referrer_reward > 0 ? (
              <li data-testid="you-get">
                You get <Price amount={referral.referrer_reward} /> in your {where} when their first order is delivered.
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="text-gray-700">Share {storeName} with friends who would like it.</p>
        )}
      </section>
      <section className="card flex flex-col gap-3 p-5" aria-labelledby="code-heading">
        <h2 id="code-heading" className="font-semibold text-ink">
          Your code:{" "}
          <span className="font-mono tracking-wider" data-testid="referral-code">
            {referral.code}
          </span>
        </h2>
        <ShareReferral url={referral.share_url} message={`Join me at ${storeName}.`} />
      </section>
      {referral.invited_by ? (
        <p className="text-sm text-gray-700" data-testid="invited-by">
          {`You joined with ${referral.invited_by.first_name}'s code`}
          {referral.invited_by.reward > 0 ? (
            <>
              {": "}
              <Price amount={referral.invited_by.reward} />
              {referral.invited_by.earned
                ? ` was added to your ${referral.invited_by.wallet === "cash" ? "wallet" : "rewards"}.`
                : ` comes to your ${referral.invited_by.wallet === "cash" ? "wallet" : "rewards"} when your first order is delivered.`}
            </>
          ) : (
            "."
          )}
        </p>
      ) : null}
      <p className="text-sm text-gray-700" data-testid="friends-joined">
        {`Friends who joined: ${referral.friends_joined}. Rewards earned: ${referral.friends_rewarded}.`}
      </p>
      <TextLink to="/account">Back to your account</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Refer a friend");

export const ErrorBoundary = ErrorPage;
