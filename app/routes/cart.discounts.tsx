import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OfferGroup } from "../components/cart/offer-card";
import { ErrorPage } from "../components/error-page";
import { TextLink } from "../components/text-link";
import { shopperHeaders } from "../lib/cache-headers";
import { privatePageMeta } from "../lib/route-meta";

export async function loader({ context }: LoaderFunctionArgs) {
  return { offers: await context.origin.discounts() };
}

export const headers = shopperHeaders;

export default function CartDiscountsPage() {
  const { offers } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6 pb-24" data-testid="discounts-page">
      <TextLink to="/cart">Back to cart</TextLink>
      <h1 className="text-2xl font-semibold text-ink">Offers</h1>
      {offers.coupons.length === 0 && offers.automatic.length === 0 ? <p className="text-gray-600">No offers right now.</p> : null}
      <OfferGroup title="Coupons" offers={offers.coupons} />
      <OfferGroup title="Applied automatically" offers={offers.automatic} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Offers");

export const ErrorBoundary = ErrorPage;
