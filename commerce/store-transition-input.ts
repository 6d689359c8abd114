import { issueId } from "./i18n/message";
import { STORE_TARGETS, type StoreTarget } from "./order-actions";
import { writtenText } from "./typed-text";
import * as z from "./zod";

/**
 * What the store sends to transition an order, defined once: the owner API's JSON body and the desk's move form are
 * held to the same rules and refused in the same words (a cancel needs a reason).
 */

export const storeTransitionFields = { status: z.enum(STORE_TARGETS), reason: writtenText(500) };

/** A cancel says why: the customer is told, and the history keeps it. */
export const reasonToCancel = z.refine<{ status: StoreTarget; reason: string }>(
  (body) => body.status !== "cancelled" || body.reason !== "",
  {
    path: ["reason"],
    message: issueId("errors.cancel_reason_needed"),
  },
);

/** POST /api/admin/orders/{order_id}/status's JSON body. */
export const storeTransitionBody = z.object(storeTransitionFields).check(reasonToCancel);
