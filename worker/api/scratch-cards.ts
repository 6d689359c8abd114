import { Hono } from "hono";
import { z } from "zod";
import { PUBLIC_ID } from "../../commerce/ids";
import type { AppEnv } from "../app-env";
import { listScratchCards } from "../scratch-cards/card-list";
import { redeemScratchCard } from "../scratch-cards/redeem-card";
import { customerOf, customerOnly } from "./customer";
import { ApiError } from "./errors";
import { originContextOf } from "./origin-context";
import { pagingQuery, toPaging } from "./paging";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * A customer's scratch cards (spec section 7: user/redeem-scratch-card). A card id is the card's public id; another
 * customer's or store's card is a 404 with nothing changed.
 */

export const scratchCardId = z.string().regex(PUBLIC_ID, "must be a scratch card id");

export const scratchCardsApi = new Hono<AppEnv>()
  .use("/user/scratch-cards", customerOnly)
  .use("/user/redeem-scratch-card", customerOnly)
  .get("/user/scratch-cards", validate("query", z.object(pagingQuery)), async (c) => {
    const cards = await listScratchCards(c.env.DB, c.var.tenant, customerOf(originContextOf(c)).customerId, toPaging(c.req.valid("query")));
    return c.json(cards, 200, PRIVATE_ANSWER);
  })
  .post("/user/redeem-scratch-card", validate("json", z.object({ scratch_card_id: scratchCardId })), async (c) => {
    const id = c.req.valid("json").scratch_card_id;
    const outcome = await redeemScratchCard(c.env.DB, c.var.tenant, customerOf(originContextOf(c)).customerId, id);
    if (outcome.ok) return c.json(outcome.answer, 200, PRIVATE_ANSWER);
    if (outcome.reason === "expired") throw new ApiError(422, "scratch_card_expired", "This scratch card has expired.");
    throw new ApiError(404, "scratch_card_not_found", "We could not find this scratch card.");
  });
