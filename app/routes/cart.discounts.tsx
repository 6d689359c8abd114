import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OfferGroup } from "../components/cart/offer-card";
import { ErrorPage } from "../components/error-page";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: pageTranslator(context)("cart.offers_title"), offers: await context.origin.discounts() };
}

export const headers = shopperHeaders;

export default function CartDiscountsPage() {
  const { title, offers } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6 pb-24" data-testid="discounts-page">
      <TextLink to="/cart">{t("cart.back_to_cart")}</TextLink>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {offers.coupons.length === 0 && offers.automatic.length === 0 ? <p className="text-gray-600">{t("cart.no_offers")}</p> : null}
      <OfferGroup title={t("cart.offers_coupons")} offers={offers.coupons} />
      <OfferGroup title={t("cart.offers_automatic")} offers={offers.automatic} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
