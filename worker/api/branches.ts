import { type Context, Hono } from "hono";
import { z } from "zod";
import { servingBranch } from "../../commerce/delivery-area";
import type { Point } from "../../commerce/geo";
import { MAX_ID } from "../../commerce/ids";
import type { AppEnv } from "../app-env";
import { type BranchChoice, branchChoice, branchChoices } from "../branches/branch-choice-answer";
import { storeBranches } from "../branches/store-branches";
import { moveCartSteps } from "../cart/merge-cart";
import { namedBatch } from "../db/batch";
import { cartOwnerOf } from "../shopper/shopper";
import { coordinate } from "./coordinates";
import { ApiError } from "./errors";
import { originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { validate } from "./validate";

/**
 * The store's branches for the location drawer (spec section 7: get-branch-based-on-gps), and a shopper's choice of
 * one. A position is personal, and open-now changes by the minute: no answer may be cached.
 */

const position = { latitude: coordinate(90), longitude: coordinate(180) };
const optionalPosition = z
  .object({ latitude: position.latitude.optional(), longitude: position.longitude.optional() })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { message: "Send latitude and longitude, or neither." });

export const selectBranchBody = z.object({ branch_id: z.number().int().min(1).max(MAX_ID) });

export interface BranchesAnswer {
  branches: BranchChoice[];
}

export interface BranchAtPositionAnswer extends BranchesAnswer {
  /** The nearest branch that delivers to the position; null: none does (the unserviceable screen). */
  branch: BranchChoice | null;
}

export interface SelectedBranchAnswer {
  branch: BranchChoice;
}

const pointOf = (q: { latitude?: number; longitude?: number }): Point | null =>
  q.latitude === undefined || q.longitude === undefined ? null : { latitude: q.latitude, longitude: q.longitude };

/**
 * The cart follows the shopper (decision 030): their lines at the branch they leave (the call's `branch_id`) join
 * their cart at the chosen one, in one batch. A cart change, so it spends the shopper's cart budget.
 */
async function carryCart(c: Context<AppEnv>, toBranchId: number): Promise<void> {
  const owner = cartOwnerOf(c.var.shopper);
  if (owner === null) return;
  const moves = moveCartSteps(c.env.DB, c.var.tenant.id, owner, c.var.branchId, toBranchId);
  if (moves === undefined) return;
  await throttle(originContextOf(c), "cart", owner);
  await namedBatch(c.env.DB, { cartMoves: moves });
}

export const branchesApi = new Hono<AppEnv>()
  .get("/get-branches", validate("query", optionalPosition), async (c) => {
    const branches = await storeBranches(c.env, c.executionCtx, c.var.tenant);
    return c.json(
      { branches: branchChoices(branches, pointOf(c.req.valid("query")), new Date()) } satisfies BranchesAnswer,
      200,
      PRIVATE_ANSWER,
    );
  })
  .get("/get-branch-based-on-gps", validate("query", z.object(position)), async (c) => {
    const point = pointOf(c.req.valid("query"))!;
    const branches = await storeBranches(c.env, c.executionCtx, c.var.tenant);
    const now = new Date();
    const serving = servingBranch(branches, point, c.var.branchId);
    const answer: BranchAtPositionAnswer = {
      branch: serving ? branchChoice(serving.branch, point, now) : null,
      branches: branchChoices(branches, point, now),
    };
    return c.json(answer, 200, PRIVATE_ANSWER);
  })
  // The choice itself is the page's (it sets the branch cookie); this checks it, carries the shopper's cart there and
  // answers the branch chosen.
  .post("/select-branch", validate("json", selectBranchBody), async (c) => {
    const { branch_id } = c.req.valid("json");
    const branch = (await storeBranches(c.env, c.executionCtx, c.var.tenant)).find((b) => b.id === branch_id);
    if (!branch) throw new ApiError(404, "branch_not_found", "This branch is not available.");
    if (branch.closed) throw new ApiError(409, "branch_closed", "This branch is closed. Please choose another.");
    await carryCart(c, branch.id);
    return c.json({ branch: branchChoice(branch, null, new Date()) } satisfies SelectedBranchAnswer, 200, PRIVATE_ANSWER);
  });
