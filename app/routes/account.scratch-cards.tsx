import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ScratchCardAnswer } from "../../worker/scratch-cards/card-answer";
import { ScratchCard } from "../components/account/scratch-card";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { PagedList } from "../components/paged-list";
import { TextLink } from "../components/text-link";
import { useT } from "../i18n/use-t";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { requestedPage } from "../lib/paging";
import { privatePageMeta } from "../lib/route-meta";
import { loadScratchCards, revealAction } from "../lib/scratch-cards.server";

const PER_PAGE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const cards = await loadScratchCards(context, request, requestedPage(request), PER_PAGE);
  // ?revealed=<id>: the plain 'Reveal' form's way back here, to say what the card added.
  const revealed = new URL(request.url).searchParams.get("revealed") ?? "";
  return { cards, revealed, title: pageTranslator(context)("rewards.scratch_cards") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  return revealAction(context, request);
}

export const headers = shopperHeaders;

export default function ScratchCardsPage() {
  const t = useT();
  const { cards, revealed } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("rewards.scratch_cards")} testId="scratch-cards-page">
      <p className="text-gray-700">{t("rewards.scratch_intro")}</p>
      {refusal && !refusal.ok ? <FormMessage refusal={refusal} /> : null}
      <PagedList
        firstPage={cards}
        dataKey="cards"
        pageHref={(page) => `/account/scratch-cards?page=${page}`}
        emptyText={t("rewards.scratch_empty")}
        testId="scratch-card-list"
        renderItems={(items: ScratchCardAnswer[]) => (
          <ul className="flex flex-col gap-3">
            {items.map((card) => (
              <ScratchCard key={card.id} card={card} justRevealed={card.id === revealed} />
            ))}
          </ul>
        )}
      />
      <TextLink to="/account">{t("account.back_to_account")}</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
