import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ScratchCardAnswer } from "../../worker/scratch-cards/card-answer";
import { ScratchCard } from "../components/account/scratch-card";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { PagedList } from "../components/paged-list";
import { TextLink } from "../components/text-link";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { requestedPage } from "../lib/paging";
import { privatePageMeta } from "../lib/route-meta";
import { loadScratchCards, revealAction } from "../lib/scratch-cards.server";

const PER_PAGE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const cards = await loadScratchCards(context, request, requestedPage(request), PER_PAGE);
  // ?revealed=<id>: the plain 'Reveal' form's way back here, to say what the card added.
  return { cards, revealed: new URL(request.url).searchParams.get("revealed") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireCustomer(context, request);
  return revealAction(context, request);
}

export const headers = shopperHeaders;

export default function ScratchCardsPage() {
  const { cards, revealed } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title="Scratch cards" testId="scratch-cards-page">
      <p className="text-gray-700">Every delivered order can earn a scratch card. Scratch it before it expires to add its amount.</p>
      {refusal && !refusal.ok ? <FormMessage refusal={refusal} /> : null}
      <PagedList
        firstPage={cards}
        dataKey="cards"
        pageHref={(page) => `/account/scratch-cards?page=${page}`}
        emptyText="You have no scratch cards yet. Your next delivered order may bring one."
        testId="scratch-card-list"
        renderItems={(items: ScratchCardAnswer[]) => (
          <ul className="flex flex-col gap-3">
            {items.map((card) => (
              <ScratchCard key={card.id} card={card} justRevealed={card.id === revealed} />
            ))}
          </ul>
        )}
      />
      <TextLink to="/account">Back to your account</TextLink>
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => privatePageMeta(matches, "Scratch cards");

export const ErrorBoundary = ErrorPage;
