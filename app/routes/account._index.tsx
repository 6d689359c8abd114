import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { Avatar } from "../components/account/avatar";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { useT } from "../i18n/use-t";
import { customerRead, isSignedIn, requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { privatePageMeta } from "../lib/route-meta";

/** Every account page there is, in the order a shopper looks for them. */
const ACCOUNT_PAGES = [
  { to: "/account/my-orders", label: "account.your_orders", testId: "orders-link" },
  { to: "/account/wallet", label: "account.wallet", testId: "wallet-link" },
  { to: "/account/rewards", label: "account.rewards", testId: "rewards-link" },
  { to: "/account/wishlist", label: "account.your_wishlist", testId: "wishlist-link" },
  { to: "/account/edit-profile", label: "account.edit_profile", testId: "edit-profile-link" },
  { to: "/account/addresses", label: "account.saved_addresses", testId: "addresses-link" },
  { to: "/account/add-address", label: "account.add_address", testId: "add-address-link" },
  { to: "/account/scratch-cards", label: "account.scratch_cards", testId: "scratch-cards-link" },
  { to: "/refer-a-friend", label: "account.refer_a_friend", testId: "refer-a-friend-link" },
] as const;

const accountForm = z.object({ intent: z.literal("logout", { error: issueId("account.form_not_sent") }) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  return { user: await customerRead(context, request, context.origin.userDetails()), title: pageTranslator(context)("account.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, accountForm);
  if (!form.ok) throw new Response(form.message, { status: 400 });
  // The page signs out whatever the origin answers: a session it could not end is forgotten here all the same.
  if (isSignedIn(context)) await context.origin.logout().catch(() => null);
  context.shopper.signOut();
  return redirect("/", 303);
}

export const headers = shopperHeaders;

export default function AccountPage() {
  const t = useT();
  const { user } = useLoaderData<typeof loader>();
  return (
    <Page title={t("account.title")} testId="account-page">
      <section className="card flex items-center gap-4 p-5" aria-label={t("account.your_details")}>
        <Avatar user={user} size={64} />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold text-ink" data-testid="account-name">
            {user.name}
          </p>
          <p className="truncate text-sm text-gray-700">{user.email}</p>
          <p className="text-sm text-gray-700">{user.phone}</p>
        </div>
      </section>
      <nav aria-label={t("account.pages_label")} className="card flex flex-col divide-y divide-gray-200">
        {ACCOUNT_PAGES.map((page) => (
          <Link key={page.to} to={page.to} className="px-5 py-3 text-ink hover:bg-gray-50" data-testid={page.testId}>
            {t(page.label)}
          </Link>
        ))}
      </nav>
      <Form method="post">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="btn-outline w-full" data-testid="sign-out">
          {t("account.sign_out")}
        </button>
      </Form>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
