import { Hono } from "hono";
import { servingBranch } from "../../commerce/delivery-area";
import type { Point } from "../../commerce/geo";
import { issueId, message } from "../../commerce/i18n/message";
import { MAX_ID } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import type { AppEnv } from "../app-env";
import { type BranchChoice, branchChoice, branchChoices } from "../branches/branch-choice-answer";
import { storeBranches } from "../branches/store-branches";
import { moveCartSteps } from "../cart/merge-cart";
import { namedBatch } from "../db/batch";
import { ApiError } from "../http/errors";
import { cartOwnerOf } from "../shopper/shopper";
import { coordinate } from "./coordinates";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { validate } from "./validate";

/**
 * The store's branches for the location drawer (spec section 7: get-branch-based-on-gps), and a shopper's choice of
 * one. A position is personal, and open-now changes by the minute: no answer may be cached.
 */

const position = { latitude: coordinate(90), longitude: coordinate(180) };
export const optionalPosition = z
  .object({ latitude: z.optional(position.latitude), longitude: z.optional(position.longitude) })
  .check(
    z.refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { message: issueId("errors.send_lat_lng_or_neither") }),
  );

export const positionQuery = z.object(position);
export const selectBranchBody = z.object({ branch_id: z.number().check(z.int(), z.gte(1), z.lte(MAX_ID)) });

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
 * The cart follows the shopper (decision 030): their lines at the branch they leave (the call's branch) join their cart
 * at the chosen one, in one batch. A cart change, so it spends the shopper's cart budget.
 */
async function carryCart(o: OriginContext, toBranchId: number): Promise<void> {
  const owner = cartOwnerOf(o.shopperFor(true));
  if (owner === null) return;
  const moves = moveCartSteps(o.env.DB, o.tenant.id, owner, o.branchId, toBranchId);
  if (moves === undefined) return;
  await throttle(o, "cart", owner);
  await namedBatch(o.env.DB, { cartMoves: moves });
}

/** GET /api/get-branches: the store's branches, nearest first when a position is sent. */
export async function branchesOf(o: OriginContext, query: z.output<typeof optionalPosition>): Promise<BranchesAnswer> {
  const branches = await storeBranches(o.env, o.ctx, o.tenant);
  return { branches: branchChoices(branches, pointOf(query), new Date()) };
}

/** GET /api/get-branch-based-on-gps: the branch that delivers to a position (the shopper's own first), and all of them. */
export async function branchAtPositionOf(o: OriginContext, query: z.output<typeof positionQuery>): Promise<BranchAtPositionAnswer> {
  const point = pointOf(query)!;
  const branches = await storeBranches(o.env, o.ctx, o.tenant);
  const now = new Date();
  const serving = servingBranch(branches, point, o.branchId);
  return { branch: serving ? branchChoice(serving.branch, point, now) : null, branches: branchChoices(branches, point, now) };
}

/**
 * POST /api/select-branch. The choice itself is the page's (it sets the branch cookie); this checks it, carries the
 * shopper's cart there and answers the branch chosen.
 */
export async function selectBranchOf(o: OriginContext, input: z.output<typeof selectBranchBody>): Promise<SelectedBranchAnswer> {
  const branch = (await storeBranches(o.env, o.ctx, o.tenant)).find((b) => b.id === input.branch_id);
  if (!branch) throw new ApiError(404, "branch_not_found", message("errors.branch_unavailable"));
  if (branch.closed) throw new ApiError(409, "branch_closed", message("errors.branch_closed"));
  await carryCart(o, branch.id);
  return { branch: branchChoice(branch, null, new Date()) };
}

export const branchesApi = new Hono<AppEnv>()
  .get("/get-branches", validate("query", optionalPosition), async (c) =>
    c.json(await branchesOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .get("/get-branch-based-on-gps", validate("query", positionQuery), async (c) =>
    c.json(await branchAtPositionOf(originContextOf(c), c.req.valid("query")), 200, PRIVATE_ANSWER),
  )
  .post("/select-branch", validate("json", selectBranchBody), async (c) =>
    c.json(await selectBranchOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  );
