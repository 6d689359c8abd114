import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { PUBLIC_ID } from "../../commerce/ids";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import { signOutOn401 } from "./account.server";
import { refusalOf } from "./api-refusal";
import { readForm } from "./form-reader.server";
import { readOrigin } from "./origin.server";
import { refused } from "./refused.server";

const SCRATCH_CARDS_PATH = "/account/scratch-cards";
const NOT_REVEALED = "This card could not be revealed. Please try again.";

const revealForm = z.object({
  scratch_card_id: z.string().regex(PUBLIC_ID, NOT_REVEALED),
  // The scratch surface's fetcher wants the answer itself; a plain form goes back to the page.
  via: z.literal("script").optional(),
});

export async function loadScratchCards(context: AppLoadContext, request: Request, page: number, perPage: number) {
  const response = await context.origin.api.user["scratch-cards"].$get({ query: { page: String(page), per_page: String(perPage) } });
  signOutOn401(context, request, response);
  return await readOrigin(response);
}

/**
 * Reveals (redeems) a card: POST /api/user/redeem-scratch-card. Without JavaScript the shopper goes back to the page
 * (303), which names the card just revealed; the scratch surface's fetcher gets the amount and balances instead. An
 * expired card is refused with the API's message; another's or unknown card is the 404 page.
 */
export async function revealAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, revealForm);
  if (!form.ok) return refused({ ok: false as const, message: form.message });
  const { scratch_card_id, via } = form.data;
  const response = await context.origin.api.user["redeem-scratch-card"].$post({ json: { scratch_card_id } });
  signOutOn401(context, request, response);
  // The client's types know only the success status; the API answers the others too.
  const status: number = response.status;
  if (response.ok) {
    const answer = await response.json();
    if (via === "script") return { ok: true as const, id: scratch_card_id, ...answer };
    return redirect(`${SCRATCH_CARDS_PATH}?revealed=${scratch_card_id}`, 303);
  }
  if (status === 404 || status === 400) throw new Response("We could not find this scratch card.", { status: 404 });
  if (status === 422) {
    const { message } = await refusalOf(response);
    return refused({ ok: false as const, message: message ?? NOT_REVEALED });
  }
  if (status === 429) return refused({ ok: false as const, message: TOO_MANY_REQUESTS }, response.headers.get("Retry-After") ?? "60");
  throw new Response("The store could not answer just now.", { status: 502 });
}
