import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import { PUBLIC_ID } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import type { Page } from "../catalog/list-products";
import { ApiError } from "../http/errors";
import type { ScratchCardAnswer } from "../scratch-cards/card-answer";
import { listScratchCards } from "../scratch-cards/card-list";
import { type RedeemAnswer, redeemScratchCard } from "../scratch-cards/redeem-card";
import { customerOf, customerOnly } from "./customer";
import { type OriginContext, originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * A customer's scratch cards (spec section 7: user/redeem-scratch-card). A card id is the card's public id; another
 * customer's or store's card is a 404 with nothing changed.
 */

export const scratchCardId = z.string().check(z.regex(PUBLIC_ID, issueId("errors.must_be_scratch_card_id")));

export const scratchCardsQuery = z.object(pagingQuery);
export const redeemScratchCardBody = z.object({ scratch_card_id: scratchCardId });

/** GET /api/user/scratch-cards: a page of the customer's cards, newest first. */
export function scratchCardsOf(o: OriginContext, query: z.output<typeof scratchCardsQuery>): Promise<Page<ScratchCardAnswer>> {
  return listScratchCards(o.env.DB, o.tenant, customerOf(o).customerId, toPaging(query));
}

/** POST /api/user/redeem-scratch-card: reveals a card and credits its amount, once; an expired card is a 422. */
export async function redeemScratchCardOf(o: OriginContext, input: z.output<typeof redeemScratchCardBody>): Promise<RedeemAnswer> {
  const outcome = await redeemScratchCard(o.env.DB, o.tenant, customerOf(o).customerId, input.scratch_card_id);
  if (outcome.ok) return outcome.answer;
  if (outcome.reason === "expired") throw new ApiError(422, "scratch_card_expired", message("errors.scratch_card_expired"));
  throw new ApiError(404, "scratch_card_not_found", message("errors.scratch_card_not_found"));
}

export const scratchCardsApi = new Hono<AppEnv>()
  .use("/user/scratch-cards", customerOnly)
  .use("/user/redeem-scratch-card", customerOnly)
  .get("/user/scratch-cards", validate("query", scratchCardsQuery), async (c) =>
    c.json(await scratchCardsOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .post("/user/redeem-scratch-card", validate("json", redeemScratchCardBody), async (c) =>
    c.json(await redeemScratchCardOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  );
