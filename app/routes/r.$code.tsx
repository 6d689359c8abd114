import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { referralCodeOf } from "../../commerce/referral";
import type { ReferrerAnswer } from "../../worker/api/referrals";
import { ErrorPage } from "../components/error-page";
import { Price } from "../components/price";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { isSignedIn } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { privatePageMeta } from "../lib/route-meta";

/**
 * A friend's referral link (spec section 2: /r/{referred_by}): greets the visitor with the friend's first name,
 * remembers the code (a cookie, for /register), and leads to registration with the code filled in.
 */

export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = referralCodeOf(params.code);
  const title = pageTranslator(context)("rewards.you_are_invited");
  // An unknown code is this page's own answer (its message and a way on), not the store's 404 page.
  const invalid = () => data({ ok: false as const, title }, { status: 404 });
  if (code === null) return invalid();
  // Any other failure (a visitor guessing codes: 429) is the error page, with the API's message.
  const referrer = await context.origin.referrerUser({ referred_by: code }).catch((failure: unknown) => {
    if (failure instanceof Response && failure.status === 404) return null;
    throw failure;
  });
  if (referrer === null) return invalid();
  const signedIn = isSignedIn(context);
  if (!signedIn) context.shopper.rememberReferral(code);
  return { ok: true as const, code, referrer, signedIn, title };
}

export const headers = shopperHeaders;

export default function ReferralLandingPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8" data-testid="referral-landing">
      {page.ok ? <Invitation {...page} /> : <InvalidLink />}
    </main>
  );
}

function Invitation({ code, referrer, signedIn }: { code: string; referrer: ReferrerAnswer; signedIn: boolean }) {
  const t = useT();
  return (
    <>
      <h1 className="text-2xl font-semibold text-ink" data-testid="referral-greeting">
        {t("rewards.friend_invited", { name: referrer.first_name })}
      </h1>
      {referrer.referee_reward > 0 ? (
        <p className="text-gray-700" data-testid="referee-reward">
          {withElements(t("rewards.referee_reward", { ...slots("amount"), wallet: referrer.wallet }), {
            amount: <Price amount={referrer.referee_reward} />,
          })}
        </p>
      ) : null}
      <p className="text-gray-700">
        {withElements(t("rewards.their_code", slots("code")), {
          code: <strong className="font-mono tracking-wider text-ink">{code}</strong>,
        })}
      </p>
      {signedIn ? (
        <>
          <p className="text-gray-700">{t("rewards.already_customer")}</p>
          <Link to="/" className="btn-outline">
            {t("rewards.go_to_store")}
          </Link>
        </>
      ) : (
        <>
          <Link to={`/register?referred_by=${code}`} className="btn-brand" data-testid="referral-register">
            {t("rewards.create_account")}
          </Link>
          <TextLink to="/">{t("rewards.look_around")}</TextLink>
        </>
      )}
    </>
  );
}

function InvalidLink() {
  const t = useT();
  return (
    <>
      <h1 className="text-2xl font-semibold text-ink" data-testid="referral-invalid">
        {t("rewards.link_invalid")}
      </h1>
      <p className="text-gray-700">{t("rewards.check_link")}</p>
      <Link to="/" className="btn-brand">
        {t("rewards.go_to_store")}
      </Link>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
