import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/** The spec's default branch when the shopper has chosen none. */
export const DEFAULT_BRANCH_ID = 1;

/** Every API call carries `branch_id` (the selected branch, else 1); a malformed one is a 400. */
export const branchMiddleware = createMiddleware<AppEnv>(async function branch(c, next) {
  const raw = c.req.query("branch_id");
  if (raw === undefined || raw === "") {
    c.set("branchId", DEFAULT_BRANCH_ID);
  } else if (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647) {
    c.set("branchId", Number(raw));
  } else {
    throw new ApiError(400, "invalid_input", "branch_id: must be a positive whole number", [
      { path: "branch_id", message: "must be a positive whole number" },
    ]);
  }
  await next();
});
