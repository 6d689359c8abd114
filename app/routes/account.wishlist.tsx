import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WishlistList } from "../components/account/wishlist-list";
import { Alert } from "../components/alert";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { PagedList } from "../components/paged-list";
import { useT } from "../i18n/use-t";
import { requireCustomer, signOutOn401 } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { requestedPage } from "../lib/paging";
import { privatePageMeta } from "../lib/route-meta";
import { wishlistAction } from "../lib/wishlist.server";

const PER_PAGE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const wishlist = await context.origin.wishlist({ page: requestedPage(request), per_page: PER_PAGE }).catch((failure: Response) => {
    signOutOn401(context, request, failure);
    throw failure;
  });
  return { wishlist, title: pageTranslator(context)("account.your_wishlist") };
}

/** Every heart's form posts here (app/lib/wishlist.ts), as does this page's Remove. */
export async function action({ request, context }: ActionFunctionArgs) {
  return wishlistAction(context, request);
}

export const headers = shopperHeaders;

export default function WishlistPage() {
  const t = useT();
  const { wishlist } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("account.your_wishlist")} testId="wishlist-page">
      <Alert message={refusal && !refusal.ok ? refusal.message : null} testId="wishlist-refusal" />
      <PagedList
        firstPage={wishlist}
        dataKey="wishlist"
        pageHref={(page) => `/account/wishlist?page=${page}`}
        emptyText={t("account.wishlist_empty")}
        testId="wishlist"
        renderItems={(items) => <WishlistList items={items} />}
      />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
