import { createMiddleware } from "hono/factory";
import { DEFAULT_BRANCH_ID } from "../../commerce/branch-choice";
import { parseId } from "../../commerce/ids";
import { storeBranches } from "../branches/store-branches";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

function badBranch(message: string): never {
  throw new ApiError(400, "invalid_input", `branch_id: ${message}`, [{ path: "branch_id", message }]);
}

/**
 * Every API call carries `branch_id` (the selected branch, else 1); a malformed one, or one that is none of this
 * store's branches, is a 400 before any route reads or writes with it (the branches come from the isolate's copy,
 * KV or D1). A branch closed to shoppers is still a branch: the calls that act for a shopper there say so themselves.
 */
export const branchMiddleware = createMiddleware<AppEnv>(async function branch(c, next) {
  const raw = c.req.query("branch_id");
  const branchId = raw === undefined || raw === "" ? DEFAULT_BRANCH_ID : parseId(raw);
  if (branchId === null) badBranch("must be a positive whole number");
  const branches = await storeBranches(c.env, c.executionCtx, c.var.tenant);
  if (branches.length > 0 && !branches.some((b) => b.id === branchId)) badBranch("this store has no such branch");
  c.set("branchId", branchId);
  await next();
});
