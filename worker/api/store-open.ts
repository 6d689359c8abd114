import type { MiddlewareHandler } from "hono";
import { message } from "../../commerce/i18n/message";
import { STORE_CLOSED } from "../../commerce/messages";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { ApiError } from "../http/errors";
import { type OriginContext, originContextOf } from "./origin-context";

/**
 * The store's switch (site setting globalStoreEnable, "false" = closed) and its branch's (`branches.closed`, decision
 * 087), enforced where orders are made: cart additions and changes, the coupon, checkout and place-order, reorder. The
 * pages only show them; their form posts come here too. Reading, removing things and paying or tracking an order
 * already placed stay open. The branches come from the copy the request already read (isolate, KV), by their marker.
 */
export async function requireStoreOpen(o: Pick<OriginContext, "tenant" | "branchId" | "env" | "ctx">): Promise<void> {
  if (!o.tenant.settings.isOpen) throw new ApiError(403, "store_closed", message(STORE_CLOSED));
  const branch = (await storeBranches(o.env, o.ctx, o.tenant)).find((b) => b.id === o.branchId);
  if (branch?.closed) throw new ApiError(403, "branch_closed", message("errors.branch_closed"));
}

/** `requireStoreOpen` for an HTTP call, before its input is read, so a closed store answers 403 whatever was sent. */
export const storeOpenOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireStoreOpen(originContextOf(c));
  await next();
};
