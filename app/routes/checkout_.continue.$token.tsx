import { type ActionFunctionArgs, type AppLoadContext, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CHECKOUT_LINK_MINUTES } from "../../commerce/checkout-link";
import { readFormFields } from "../../web/form-reader";
import type { CheckoutLinkAnswer } from "../../worker/api/checkout-links";
import type { Refusal } from "../../worker/origin/page-origin";
import { Bill } from "../components/bill";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { Price } from "../components/price";
import { SubmitButton } from "../components/submit-button";
import { useT } from "../i18n/use-t";
import { shopperHeaders } from "../lib/cache-headers";
import { backToCart } from "../lib/cart.server";
import { titledPageMeta } from "../lib/page-title";
import { pageTranslator } from "../lib/page-translator.server";

/**
 * A checkout link an agent handed the shopper (decision 090): the page shows what it carries, and its one button takes
 * the lines into the shopper's cart and goes to /checkout. Showing it uses nothing up (chat apps and browsers fetch
 * links ahead); only the button's POST does, once.
 */

/** A link that is no more (404 unknown, 410 used or expired) is this page's own answer; any other refusal the error page. */
function gone(context: AppLoadContext, refusal: Refusal) {
  if (refusal.status !== 404 && refusal.status !== 410) {
    const headers = refusal.retryAfter ? { "Retry-After": refusal.retryAfter } : undefined;
    throw new Response(refusal.message, { status: refusal.status >= 500 ? 502 : refusal.status, headers });
  }
  return data({ title: pageTranslator(context)("agent-links.gone_title"), link: null }, { status: refusal.status });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const read = await context.origin.attempt.checkoutLink(params.token ?? "");
  if (!read.ok) return gone(context, read);
  return { title: pageTranslator(context)("agent-links.title"), link: read.value };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await readFormFields(request);
  const redeemed = await context.origin.attempt.redeemCheckoutLink(params.token ?? "");
  if (!redeemed.ok) return gone(context, redeemed);
  // The branch the lines are at becomes the shopper's, as choosing it on /location would.
  context.shopper.chooseBranch(redeemed.value.cartDetails.branch_id);
  return backToCart(context, redeemed.value, "/checkout");
}

// The link is a secret of one shopper's: never kept, never indexed (titledPageMeta says noindex).
export const headers = shopperHeaders;

export default function CheckoutLinkPage() {
  const loaded = useLoaderData<typeof loader>();
  // A redeem refused (used meanwhile, in another tab) shows the page of a link that is no more.
  const { title, link } = useActionData<typeof action>() ?? loaded;
  return (
    <Page title={title} testId="checkout-link-page" column="wide">
      {link ? <Carried link={link} /> : <Gone />}
    </Page>
  );
}

function Carried({ link }: { link: CheckoutLinkAnswer }) {
  const t = useT();
  if (link.cart.cartItems.length === 0) return <p className="text-gray-700">{t("agent-links.empty")}</p>;
  return (
    <>
      <p className="text-gray-700" data-testid="checkout-link-branch">
        {t("agent-links.from_branch", { branch: link.branch.name })}
      </p>
      <ul className="card flex flex-col gap-2 p-4 text-sm" data-testid="link-items">
        {link.cart.cartItems.map((item) => (
          // A line the branch no longer sells is struck through: the bill leaves it out.
          <li key={item.id} className={item.available ? "flex justify-between gap-3" : "flex justify-between gap-3 line-through"}>
            <span>
              {item.quantity} × {item.name}
              <span className="block text-xs text-gray-600">{item.options.join(" · ")}</span>
            </span>
            <Price amount={item.line_total} />
          </li>
        ))}
      </ul>
      <Bill bill={link.cart} delivery={link.cart.cartDetails.fulfillment === "delivery"} titleId="link-bill-title" testId="link-bill" />
      <Form method="post">
        <SubmitButton className="btn-brand w-full" data-testid="continue-to-checkout">
          {t("agent-links.continue")}
        </SubmitButton>
      </Form>
    </>
  );
}

function Gone() {
  const t = useT();
  return (
    <>
      <p className="text-gray-700" data-testid="checkout-link-gone">
        {t("agent-links.gone_text", { minutes: CHECKOUT_LINK_MINUTES })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className="btn-brand">
          {t("agent-links.go_home")}
        </Link>
        <Link to="/cart" className="btn-outline">
          {t("agent-links.go_cart")}
        </Link>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
