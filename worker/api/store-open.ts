import type { MiddlewareHandler } from "hono";
import { message } from "../../commerce/i18n/message";
import { STORE_CLOSED } from "../../commerce/messages";
import type { AppEnv } from "../app-env";
import { ApiError } from "../http/errors";
import type { OriginContext } from "./origin-context";

/**
 * The store's switch (site setting globalStoreEnable, "false" = closed), enforced where orders are made: cart
 * additions and changes, the coupon, checkout and place-order, reorder. The pages only show it; their form posts come
 * here too. Reading, removing things and paying or tracking an order already placed stay open.
 */
export function requireStoreOpen(o: Pick<OriginContext, "tenant">): void {
  if (!o.tenant.settings.isOpen) throw new ApiError(403, "store_closed", message(STORE_CLOSED));
}

/** `requireStoreOpen` for an HTTP call, before its input is read, so a closed store answers 403 whatever was sent. */
export const storeOpenOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireStoreOpen(c.var);
  await next();
};
