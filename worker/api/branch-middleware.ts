import { createMiddleware } from "hono/factory";
import { DEFAULT_BRANCH_ID } from "../../commerce/branch-choice";
import { parseId } from "../../commerce/ids";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** Every API call carries `branch_id` (the selected branch, else 1); a malformed one is a 400. */
export const branchMiddleware = createMiddleware<AppEnv>(async function branch(c, next) {
  const raw = c.req.query("branch_id");
  const branchId = raw === undefined || raw === "" ? DEFAULT_BRANCH_ID : parseId(raw);
  if (branchId === null) {
    throw new ApiError(400, "invalid_input", "branch_id: must be a positive whole number", [
      { path: "branch_id", message: "must be a positive whole number" },
    ]);
  }
  c.set("branchId", branchId);
  await next();
});
