import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { issueId } from "../../commerce/i18n/message";
import { PUBLIC_ID } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { customerRead, signOutOn401 } from "./account.server";
import { pageTranslator } from "./page-translator.server";
import { refused } from "./refused.server";

const SCRATCH_CARDS_PATH = "/account/scratch-cards";
const revealForm = z.object({
  scratch_card_id: z.string().check(z.regex(PUBLIC_ID, issueId("rewards.card_not_revealed"))),
  // The scratch surface's fetcher wants the answer itself; a plain form goes back to the page.
  via: z.optional(z.literal("script")),
});

export async function loadScratchCards(context: AppLoadContext, request: Request, page: number, perPage: number) {
  return customerRead(context, request, context.origin.scratchCards({ page: String(page), per_page: String(perPage) }));
}

/**
 * Reveals (redeems) a card: POST /api/user/redeem-scratch-card. Without JavaScript the shopper goes back to the page
 * (303), which names the card just revealed; the scratch surface's fetcher gets the amount and balances instead. An
 * expired card is refused with the API's message; another's or unknown card is the 404 page.
 */
export async function revealAction(context: AppLoadContext, request: Request) {
  const t = pageTranslator(context);
  const form = await readForm(request, revealForm);
  if (!form.ok) return refused({ ok: false as const, message: form.message });
  const { scratch_card_id, via } = form.data;
  const revealed = await context.origin.attempt.redeemScratchCard({ scratch_card_id });
  if (revealed.ok) {
    if (via === "script") return { ok: true as const, id: scratch_card_id, ...revealed.value };
    return redirect(`${SCRATCH_CARDS_PATH}?revealed=${scratch_card_id}`, 303);
  }
  signOutOn401(context, request, revealed);
  const { status } = revealed;
  if (status === 404 || status === 400) throw new Response(t("rewards.card_not_found"), { status: 404 });
  if (status === 422) return refused({ ok: false as const, message: revealed.message });
  if (status === 429) return refused({ ok: false as const, message: revealed.message }, revealed.retryAfter ?? "60");
  throw new Response(t("rewards.store_no_answer"), { status: 502 });
}
