import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DEFAULT_BRANCH_ID } from "../../commerce/branch-choice";
import { type Message, message } from "../../commerce/i18n/message";
import { parseId } from "../../commerce/ids";
import { backgroundOf } from "../after-answer";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { ApiError } from "./errors";

function badBranch(problem: Message): never {
  throw new ApiError(400, "invalid_input", null, [{ path: "branch_id", message: problem }]);
}

/** Whether the store has the branch: its cached list first, D1 for an id the list lacks (a branch added a moment ago). */
async function isStoreBranch(c: Context<AppEnv>, branchId: number): Promise<boolean> {
  const branches = await storeBranches(c.env, backgroundOf(c), c.var.tenant);
  if (branches.some((b) => b.id === branchId)) return true;
  const row = await c.env.DB.prepare("SELECT 1 AS found FROM branches WHERE tenant_id = ?1 AND id = ?2")
    .bind(c.var.tenant.id, branchId)
    .first<{ found: number }>();
  return row !== null;
}

/**
 * Every API call carries `branch_id` (the selected branch, else 1); a malformed one, or one that is none of this
 * store's branches, is a 400 before any route reads or writes with it. A branch closed to shoppers is still a branch:
 * the calls that act for a shopper there say so themselves.
 */
export const branchMiddleware = createMiddleware<AppEnv>(async function branch(c, next) {
  const raw = c.req.query("branch_id");
  const branchId = raw === undefined || raw === "" ? DEFAULT_BRANCH_ID : parseId(raw);
  if (branchId === null) badBranch(message("errors.branch_id_malformed"));
  if (!(await isStoreBranch(c, branchId))) badBranch(message("errors.branch_id_unknown"));
  c.set("branchId", branchId);
  await next();
});
